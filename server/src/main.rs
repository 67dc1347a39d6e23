//! `swiss`: the tournament server and its command-line tools. The flags and what each command
//! runs are the library's (`server::commands`); here only the process and its exit code.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    server::commands::run(server::commands::Cli::parse())
}
