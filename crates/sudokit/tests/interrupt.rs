//! Ctrl-C during a long count: the search stops inside, the count so far is
//! printed, and the exit code says a limit stopped it.

use std::io::Read;
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

const EMPTY: &str =
    ".................................................................................";

#[test]
fn ctrl_c_stops_the_search_and_prints_the_count_so_far() {
    // An empty grid has about 6.7e21 solutions: counting them all never ends.
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sudokit"))
        .args(["count", EMPTY, "--all", "--format", "line"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    sleep(Duration::from_millis(1000));
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
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "still counting 10 s after Ctrl-C"
        );
        sleep(Duration::from_millis(20));
    };
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.code(), Some(3), "stdout: {stdout}\nstderr: {stderr}");
    // "N+": a lower bound, and after a second of counting, a big one.
    let count = stdout.trim().strip_suffix('+').expect("a lower bound");
    assert!(count.parse::<u64>().expect("a number") > 1000, "{stdout}");
    assert!(stderr.contains("interrupted"), "{stderr}");
}
