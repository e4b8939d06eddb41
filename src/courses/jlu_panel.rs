//! The JLU course's part (3): the student's `RefreshGamePanel` compiled into our console
//! judge of part (1) (`src/judges/jlu_panel/driver.cpp`), which makes a whole `jlu-panel`
//! program of it, played on games within the course's limits as any `jlu-panel` solution is.
//! (`play --functions` calls the same function from the browser game, with its own driver.)

use crate::courses::Driver;

/// The driver: part (1)'s console judge around the student's function.
pub const CONSOLE_JUDGE: Driver = Driver {
    source: include_str!("../judges/jlu_panel/driver.cpp"),
    includes: "submission.cpp",
    student_part: "RefreshGamePanel",
    runs_in: "our driver",
};
