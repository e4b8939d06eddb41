//! The ACM course's basic task: the student's `server.h` compiled into the course's
//! `basic.cpp` (our `src/judges/acm_server/driver.cpp`), which makes a whole `acm-server`
//! program of it, played on the course's tests as any `acm-server` solution is.

use crate::courses::Driver;

/// The driver: basic.cpp.
pub const BASIC: Driver = Driver {
    source: include_str!("../judges/acm_server/driver.cpp"),
    includes: "server.h",
    student_part: "server.h",
    runs_in: "the course's basic.cpp",
};
