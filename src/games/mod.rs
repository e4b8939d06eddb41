//! The `inexperienced-player` judge's engine, until it joins its folder in `judges`.

pub mod mcpc_inexperienced;
