//! The routes of `play`: each request's method and path to one [`Endpoint`], and each endpoint's
//! answer.

use crate::board::Grid;
use crate::limits::PLAY_MAX_SIDE;
use crate::play::game::{Game, Games};
use crate::play::http::{Request, Response};
use crate::play::page;
use std::sync::{Mutex, MutexGuard};

/// What a request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// `GET /`: the page.
    Page,
    /// `POST /new?rows=R&cols=C&mines=K[&seed=S]`: a new game.
    New,
    /// `GET /state?game=ID`: the game as it stands.
    State,
    /// `POST /open?game=ID&row=R&col=C`: a left click.
    Open,
    /// `POST /flag?game=ID&row=R&col=C`: toggles a flag.
    Flag,
    /// `POST /chord?game=ID&row=R&col=C`: a click on a number whose flags are all placed.
    Chord,
    /// `GET /hint?game=ID`: the solver's next move.
    Hint,
    /// `POST /step?game=ID`: makes the solver's next move.
    Step,
    /// `GET /reveal?game=ID`: the mine map.
    Reveal,
}

impl Endpoint {
    /// The endpoint of `method` and `path`, or the error to answer: 404 for an unknown path,
    /// 405 for a known path with the wrong method.
    pub fn of(method: &str, path: &str) -> Result<Endpoint, Response> {
        match (method, path) {
            ("GET", "/") => Ok(Endpoint::Page),
            ("POST", "/new") => Ok(Endpoint::New),
            ("GET", "/state") => Ok(Endpoint::State),
            ("POST", "/open") => Ok(Endpoint::Open),
            ("POST", "/flag") => Ok(Endpoint::Flag),
            ("POST", "/chord") => Ok(Endpoint::Chord),
            ("GET", "/hint") => Ok(Endpoint::Hint),
            ("POST", "/step") => Ok(Endpoint::Step),
            ("GET", "/reveal") => Ok(Endpoint::Reveal),
            (_, "/" | "/state" | "/hint" | "/reveal") => {
                Err(Response::text(405, &format!("{path} takes GET")))
            }
            (_, "/new" | "/open" | "/flag" | "/chord" | "/step") => {
                Err(Response::text(405, &format!("{path} takes POST")))
            }
            _ => Err(Response::text(404, "not found")),
        }
    }
}

/// A lock that survives a panic of another holder: every game action leaves a valid state.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The answer to `request`.
pub fn route(games: &Mutex<Games>, request: &Request) -> Response {
    match Endpoint::of(&request.method, &request.path).and_then(|e| answer(games, e, request)) {
        Ok(response) | Err(response) => response,
    }
}

fn answer(
    games: &Mutex<Games>,
    endpoint: Endpoint,
    request: &Request,
) -> Result<Response, Response> {
    let game = match endpoint {
        Endpoint::Page => return Ok(Response::html(page())),
        Endpoint::New => {
            let max_side = PLAY_MAX_SIDE as u64;
            let rows = number(request, "rows", 1, max_side)? as usize;
            let cols = number(request, "cols", 1, max_side)? as usize;
            let mines = number(request, "mines", 0, (rows * cols - 1) as u64)? as usize;
            let seed = match request.param("seed") {
                Some(_) => Some(number(request, "seed", 0, u64::MAX)?),
                None => None,
            };
            let game = lock(games).create(Grid::new(rows, cols), mines, seed);
            let game = lock(&game);
            return Ok(Response::json(format!("{{{}}}", game.state_json())));
        }
        _ => {
            let id = request
                .param("game")
                .ok_or_else(|| Response::text(400, "missing game"))?;
            lock(games)
                .get(id)
                .ok_or_else(|| Response::text(404, "no such game (start a new one)"))?
        }
    };
    let mut game = lock(&game);
    let body = match endpoint {
        Endpoint::Open | Endpoint::Flag | Endpoint::Chord => {
            let cell = cell(request, &game)?;
            match endpoint {
                Endpoint::Open => game.open(cell),
                Endpoint::Flag => game.flag(cell),
                _ => game.chord(cell),
            }
            game.state_json()
        }
        Endpoint::Hint => {
            let decision = decide(&game)?;
            game.decision_json(decision.as_ref())
        }
        Endpoint::Step => {
            let decision = decide(&game)?;
            if let Some(decision) = &decision {
                game.apply(decision);
            }
            format!(
                "{},{}",
                game.decision_json(decision.as_ref()),
                game.state_json()
            )
        }
        Endpoint::Reveal => game.mines_json(),
        _ => game.state_json(),
    };
    Ok(Response::json(format!("{{{body}}}")))
}

/// The solver's move, or a 409 when no arrangement fits what the player shows.
fn decide(game: &Game) -> Result<Option<crate::solver::Decision>, Response> {
    game.decide().map_err(|_| {
        Response::text(
            409,
            "no arrangement of mines fits the flags and numbers: remove a wrong flag",
        )
    })
}

/// The cell named by the `row` and `col` parameters.
fn cell(request: &Request, game: &Game) -> Result<usize, Response> {
    let grid = game.grid();
    let row = number(request, "row", 0, grid.rows() as u64 - 1)? as usize;
    let col = number(request, "col", 0, grid.cols() as u64 - 1)? as usize;
    Ok(grid.index(row, col))
}

/// The query parameter `name` as a whole number in `low..=high`.
fn number(request: &Request, name: &str, low: u64, high: u64) -> Result<u64, Response> {
    let bad = || {
        Response::text(
            400,
            &format!("{name} must be a whole number from {low} to {high}"),
        )
    };
    let text = request.param(name).ok_or_else(bad)?;
    crate::io::args::number(name, text, low, high).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_has_one_method() {
        assert_eq!(Endpoint::of("GET", "/"), Ok(Endpoint::Page));
        assert_eq!(Endpoint::of("POST", "/step"), Ok(Endpoint::Step));
        let status = |method, path| Endpoint::of(method, path).unwrap_err().status;
        assert_eq!(status("POST", "/hint"), 405);
        assert_eq!(status("GET", "/open"), 405);
        assert_eq!(status("GET", "/nope"), 404);
    }
}
