//! Running the real binary and the real server.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The `swiss` binary Cargo built for these tests.
pub fn swiss() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swiss"))
}

/// Runs `swiss` with `args`.
pub fn run(args: &[&str]) -> Output {
    swiss().args(args).output().expect("swiss runs")
}

/// A file among the project's fixtures.
pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/trf")
        .join(name)
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A running `swiss serve`, stopped when dropped.
pub struct Server {
    child: Child,
    /// Where it listens.
    pub address: SocketAddr,
    _data: tempfile::TempDir,
}

impl Server {
    /// Starts the server on a free port with a new temporary store, and waits (at most 20 s)
    /// until it says where it listens.
    pub fn start() -> Server {
        let data = tempfile::tempdir().expect("temporary directory");
        let static_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web-static");
        let mut child = swiss()
            .args(["serve", "--address", "127.0.0.1:0", "--log-level", "warn"])
            .arg("--data-dir")
            .arg(data.path())
            .arg("--static-dir")
            .arg(static_dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("swiss serve starts");
        let out = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if let Some(addr) = line.strip_prefix("swiss: listening on http://") {
                    let _ = tx.send(addr.to_string());
                }
            }
        });
        let address = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("the server says where it listens within 20 s")
            .parse()
            .expect("an address");
        Server {
            child,
            address,
            _data: data,
        }
    }

    /// A GET request: the status code and the body.
    pub fn get(&self, path: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(self.address).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.address
        )
        .expect("writes");
        let mut response = String::new();
        stream.read_to_string(&mut response).expect("reads");
        let status = response
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status line");
        let body = response
            .split_once("\r\n\r\n")
            .map_or("", |(_, b)| b)
            .to_string();
        (status, body)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
