//! `sudokit serve`: prints the address it listens on, answers the API
//! there, and stops cleanly on Ctrl-C.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `sudokit serve --port 0`, and the address it printed.
fn serving() -> (Child, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sudokit"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("piped");
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let address = line
        .strip_prefix("sudokit serve: http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    assert!(address.starts_with("127.0.0.1:"), "{line}");
    (child, address)
}

/// `POST path` with a JSON `body` over a fresh connection: the raw answer.
fn post(address: &str, path: &str, body: &str) -> String {
    let mut stream = TcpStream::connect(address).expect("connects");
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("sends");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("reads");
    answer
}

#[test]
fn serve_answers_on_the_address_it_prints_and_stops_on_ctrl_c() {
    let (mut child, address) = serving();
    let answer = post(&address, "/api/solve", r#"{"puzzle": "..2....4.4.3...."}"#);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer.contains(r#""solution":"4321123424133142""#),
        "{answer}"
    );
    let answer = post(&address, "/api/solve", r#"{"puzzle": "..2....4.4.3..."}"#);
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(
        answer.contains("line 1: expected a square number of cells (16 for 4x4), found 15"),
        "{answer}"
    );
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("sudokit serve did not stop on Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(0));
}
