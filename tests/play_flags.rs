//! "Flags are mines" over the socket: `POST /position?flags=mines` reads a JSMinesweeper
//! text's flags as known mines, as JSMinesweeper's "Treat flags as mines" does; without it (or
//! with `flags=beliefs`) a flag is the player's belief. The brute-force oracle over thousands
//! of positions is `src/play/flags_oracle.rs`.

use crate::play::{field, Server};

const EXAMPLE: &str = "4x1x1\nF1HH\n";

/// The `p` list of a position's answer.
fn probabilities(json: &str) -> String {
    let at = json.find("\"p\":[").expect("p") + 5;
    json[at..json[at..].find(']').unwrap() + at].to_string()
}

#[test]
fn the_flags_choice_turns_the_examples_half_into_a_safe_cell() {
    let server = Server::start_with(&["--port", "0"]).0;
    for target in ["/position", "/position?flags=beliefs"] {
        let (status, json) = server.post(target, EXAMPLE);
        assert_eq!(status, 200, "{json}");
        assert_eq!(probabilities(&json), "0.5,null,0.5,0", "{json}");
        assert_eq!(field(&json, "flags_are"), "beliefs");
        assert_eq!(field(&json, "rests_on_flags"), "false");
    }
    let (status, json) = server.post("/position?flags=mines&mines=1", EXAMPLE);
    assert_eq!(status, 200, "{json}");
    assert_eq!(probabilities(&json), "1,null,0,0", "{json}");
    assert_eq!(field(&json, "flags_are"), "mines");
    assert_eq!(field(&json, "flags_refuted"), "false");
    // Cell 2 is the advice, and its proof needs the flag.
    assert!(
        json.contains("\"advice\":{\"move\":\"open\",\"row\":0,\"col\":2,\"p\":0,\"certain\":true"),
        "{json}"
    );
    assert_eq!(field(&json, "rests_on_flags"), "true");
    // A flag beside a 0: the numbers refute it, and say so.
    let (status, json) = server.post("/position?flags=mines", "4x1x1\nF0HH\n");
    assert_eq!(status, 200, "{json}");
    assert_eq!(field(&json, "flags_refuted"), "true");
    assert_eq!(field(&json, "flags_are"), "beliefs");
    assert!(json.contains("\"wrong\":[0]"), "{json}");
    let (status, reply) = server.post("/position?flags=yes", EXAMPLE);
    assert_eq!(
        (status, reply.trim()),
        (400, "flags must be beliefs or mines")
    );
}
