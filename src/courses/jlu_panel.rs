//! The JLU course's part (3): the student's `RefreshGamePanel` compiled into our console
//! judge of part (1) (`src/judges/jlu_panel/driver.cpp`), which makes a whole `jlu-panel`
//! program of it, played on games within the course's limits as any `jlu-panel` solution is.
//! (`play --functions` calls the same function from the browser game, with its own driver.)

use crate::courses::Driver;

/// The side of the course's arrays (`int GamePanel[30][30]`, `int mine[30][30]`), which both
/// of part (2)'s and part (3)'s functions take: larger boards cannot be given to them.
pub const ARRAY_SIDE: usize = 30;

/// `RefreshGamePanel` as the course's framework declares it.
pub const SIGNATURE: &str = "int RefreshGamePanel(int GamePanel[30][30], int x, int y, \
                             int mine[30][30], int n, int m, int k)";

/// The driver: part (1)'s console judge around the student's function.
pub const CONSOLE_JUDGE: Driver = Driver {
    source: include_str!("../judges/jlu_panel/driver.cpp"),
    includes: "submission.cpp",
    student_part: "RefreshGamePanel",
    runs_in: "our driver",
};
