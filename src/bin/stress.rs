//! `stress`: tests anyone's solution against our judges and shrinks what fails (see `--help`).

fn main() -> std::process::ExitCode {
    minejudge::stress::main()
}
