//! Each course form's contract, as a starter file (`stress <task> --template`) which compiles
//! and runs as it is (with our drivers, as `--function`, `--client` and `--server` compile it)
//! and states the contract in comments, so that a student need not read our drivers to learn
//! it.

/// The starter file for `task` (a binary's name), or `None` when the task has none.
pub fn template(task: &str) -> Option<&'static str> {
    Some(match task {
        "jlu-machine" => include_str!("templates/jlu_machine.txt"),
        "jlu-panel" => include_str!("templates/jlu_panel.txt"),
        "acm-client" => include_str!("templates/acm_client.h"),
        "acm-server" => include_str!("templates/acm_server.h"),
        "mine-ops" => include_str!("templates/mine_ops.cpp"),
        _ => return None,
    })
}

/// The tasks with a starter file, and what each is, for the usage text and errors.
pub const TASKS: &str = "jlu-machine (machine), jlu-panel (RefreshGamePanel), acm-client \
                         (client.h), acm-server (server.h), mine-ops (a whole C++ program)";
