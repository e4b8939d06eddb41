//! The one integration test crate: golden cases, brute-force oracles, bad input.

// The brute-force oracles are written as plain index loops on purpose: obviously correct beats
// idiomatic there.
#![allow(clippy::needless_range_loop)]

mod acm_client;
mod acm_server;
mod architecture;
mod bundle;
mod chinese_text;
mod cli;
mod course_interfaces;
mod course_maps;
mod fuzz;
mod fuzz_core;
mod gen;
mod gen_shapes;
mod golden;
mod grade;
mod grade_budget;
mod grade_cache;
mod grade_cache_key;
mod grade_chinese;
mod grade_jail;
mod grade_terminal;
mod grade_xlsx;
mod inexperienced_player;
mod jlu_machine;
mod jlu_panel;
mod limits;
mod mine_ops;
mod mutations;
mod package;
mod package_bapc;
mod package_checks;
mod package_dmoj;
mod package_formats;
mod package_hostile;
mod package_kattis;
mod package_machine;
mod package_scoring;
mod package_teacher;
mod play;
mod play_flags;
mod play_functions;
mod play_load;
mod play_messages;
mod play_paste;
mod play_stats;
mod play_words;
mod rules;
mod run_limits;
mod sandbox;
mod sandbox_memory;
mod similarity;
mod solver;
mod solver_hostile;
mod strength;
mod stress;
mod stress_keep_going;
mod update_board;
mod util;
