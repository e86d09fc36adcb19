//! The README's first command, as a user runs it: `elicitguard demo --once` walks every scenario through the
//! gateway in both eras and exits 0 only when each ended as it should (benign completed, hostile stopped
//! before the client saw it, the endless asker cut at the round budget).

use std::process::Command;

#[test]
fn demo_once_stops_every_hostile_scenario() {
    let out = Command::new(env!("CARGO_BIN_EXE_elicitguard"))
        .args(["demo", "--once", "--port", "0"])
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "demo --once failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for expected in [
        "form.secret",
        "form.schema.nested",
        "url.host",
        "limit.rounds",
        "completed: Table booked.",
    ] {
        assert!(
            stdout.contains(expected),
            "the walkthrough shows {expected}:\n{stdout}"
        );
    }
    assert!(!stdout.contains("UNEXPECTED"), "{stdout}");
}
