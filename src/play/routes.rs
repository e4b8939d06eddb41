//! The routes of `play`: each request's method and path to one [`Endpoint`], and each endpoint's
//! answer.

use crate::board::{CellState, Grid};
use crate::moves::Move;
use crate::play::advice::{self, FlagsAre};
use crate::play::export;
use crate::play::functions::Functions;
use crate::play::game::{BrowserGame, BrowserGames, GameStatus, Start, MAX_SIDE};
use crate::play::http::{HttpRequest, HttpResponse};
use crate::play::json;
use crate::play::message::{Language, Message};
use crate::play::page;
use crate::play::position::{self, cells_text, Assumed};
use crate::solver::Strength;
use std::sync::{Mutex, MutexGuard};

/// What a request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// `GET /`: the page.
    Page,
    /// `POST /new?rows=R&cols=C&mines=K[&seed=S][&start=safe|opening]`, or
    /// `POST /new?replay=ID`: a new game, or the board of game ID again.
    New,
    /// `GET /state?game=ID`: the game as it stands.
    State,
    /// `POST /open?game=ID&row=R&col=C`: a left click.
    Open,
    /// `POST /flag?game=ID&row=R&col=C`: toggles a flag.
    Flag,
    /// `POST /chord?game=ID&row=R&col=C`: a click on a number whose flags are all placed.
    Chord,
    /// `GET /hint?game=ID[&strength=default|strong]`: the next move, and the flags against the
    /// numbers.
    Hint,
    /// `POST /step?game=ID[&by=yours][&for=efficiency][&strength=default|strong]`: makes the
    /// next move (autoplay), ours or the student's `machine`'s; ours for efficiency opens what
    /// is proven safe in the fewest clicks. The strength is our solver's (its guess only).
    Step,
    /// `GET /analysis?game=ID[&strength=default|strong]`: every probability, what is proven,
    /// the guess and its runners-up.
    Analysis,
    /// `GET /reveal?game=ID`: the mine map.
    Reveal,
    /// `POST /position[?mines=K]` with the position's text as the body: its analysis.
    Position,
    /// `GET /export?game=ID&judge=NAME`: the game as a judge's input and expected output.
    Export,
    /// `GET /functions`: the student's files and functions (`play --functions`).
    Functions,
}

impl Endpoint {
    /// The endpoint of `method` and `path`, or the error to answer: 404 for an unknown path,
    /// 405 for a known path with the wrong method.
    pub fn of(method: &str, path: &str) -> Result<Endpoint, HttpResponse> {
        match (method, path) {
            ("GET", "/") => Ok(Endpoint::Page),
            ("POST", "/new") => Ok(Endpoint::New),
            ("GET", "/state") => Ok(Endpoint::State),
            ("POST", "/open") => Ok(Endpoint::Open),
            ("POST", "/flag") => Ok(Endpoint::Flag),
            ("POST", "/chord") => Ok(Endpoint::Chord),
            ("GET", "/hint") => Ok(Endpoint::Hint),
            ("POST", "/step") => Ok(Endpoint::Step),
            ("GET", "/analysis") => Ok(Endpoint::Analysis),
            ("GET", "/reveal") => Ok(Endpoint::Reveal),
            ("POST", "/position") => Ok(Endpoint::Position),
            ("GET", "/export") => Ok(Endpoint::Export),
            ("GET", "/functions") => Ok(Endpoint::Functions),
            (_, "/" | "/state" | "/hint" | "/analysis" | "/reveal" | "/export" | "/functions") => {
                Err(HttpResponse::text(405, &format!("{path} takes GET")))
            }
            (_, "/new" | "/open" | "/flag" | "/chord" | "/step" | "/position") => {
                Err(HttpResponse::text(405, &format!("{path} takes POST")))
            }
            _ => Err(HttpResponse::text(404, "not found")),
        }
    }
}

impl Endpoint {
    /// Whether answering runs the solver, a judge, or (`with_functions`) the student's
    /// functions: such requests wait their turn (`gate`).
    pub fn is_heavy(self, with_functions: bool) -> bool {
        match self {
            Endpoint::Hint
            | Endpoint::Step
            | Endpoint::Analysis
            | Endpoint::Position
            | Endpoint::Export => true,
            Endpoint::Open | Endpoint::Chord => with_functions,
            _ => false,
        }
    }
}

/// Whether `request` is for a heavy endpoint, without the student's functions.
pub fn is_heavy(request: &HttpRequest) -> bool {
    Endpoint::of(&request.method, &request.path).is_ok_and(|e| e.is_heavy(false))
}

/// Whether `request` is for a heavy endpoint, with the student's `RefreshGamePanel`, which a
/// click then runs.
pub fn is_heavy_with_functions(request: &HttpRequest) -> bool {
    Endpoint::of(&request.method, &request.path).is_ok_and(|e| e.is_heavy(true))
}

/// A lock that survives a panic of another holder: every game action leaves a valid state.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The answer to `request`; `functions` are the student's (`play --functions`), if any.
pub fn route(
    games: &Mutex<BrowserGames>,
    functions: Option<&Functions>,
    request: &HttpRequest,
) -> HttpResponse {
    let answered = Endpoint::of(&request.method, &request.path)
        .and_then(|endpoint| answer(games, functions, endpoint, request));
    match answered {
        Ok(response) | Err(response) => response,
    }
}

/// `message` with `status`, in the language the request asks for.
fn said(status: u16, message: Message, request: &HttpRequest) -> HttpResponse {
    HttpResponse::text(status, &message.text(Language::of(request)))
}

/// 503: no id can be drawn (the OS random source failed); a guessable one is never made.
fn no_random(err: &std::io::Error, request: &HttpRequest) -> HttpResponse {
    said(503, Message::NoRandom(err.to_string()), request)
}

/// 409: the numbers of a game fit no arrangement (impossible on a real board).
fn inconsistent() -> HttpResponse {
    HttpResponse::text(409, "no arrangement of mines fits the numbers")
}

fn answer(
    games: &Mutex<BrowserGames>,
    functions: Option<&Functions>,
    endpoint: Endpoint,
    request: &HttpRequest,
) -> Result<HttpResponse, HttpResponse> {
    let game = match endpoint {
        Endpoint::Page => return Ok(HttpResponse::html(page::text())),
        Endpoint::Functions => {
            return Ok(HttpResponse::json(braced(json::functions(functions))));
        }
        Endpoint::New if request.param("replay").is_some() => {
            let old = find(games, request, "replay")?;
            let old = lock(&old);
            let game = lock(games)
                .replay(&old)
                .map_err(|err| no_random(&err, request))?;
            let game = lock(&game);
            return Ok(HttpResponse::json(format!("{{{}}}", json::game(&game))));
        }
        Endpoint::New => return new_game(games, request),
        Endpoint::Position => return analyse_position(request),
        _ => find(games, request, "game")?,
    };
    let mut game = lock(&game);
    let strength = strength(request)?;
    let body = match endpoint {
        Endpoint::Open | Endpoint::Flag | Endpoint::Chord => {
            let cell = cell(request, &game)?;
            let action = match endpoint {
                Endpoint::Open => Move::Open(cell),
                Endpoint::Flag => Move::Flag(cell),
                _ => Move::Chord(cell),
            };
            game.apply_checked(action, functions);
            json::game(&game)
        }
        Endpoint::Hint => hint(&mut game, functions, strength)?,
        Endpoint::Step if request.param("by") == Some("yours") => {
            let functions = functions.filter(|f| f.has_machine()).ok_or_else(|| {
                HttpResponse::text(
                    400,
                    "no machine: start play with --functions and a file that defines machine",
                )
            })?;
            step_yours(&mut game, functions, strength)?
        }
        Endpoint::Step if request.param("by").is_some_and(|by| by != "ours") => {
            return Err(HttpResponse::text(400, "by must be ours or yours"));
        }
        Endpoint::Step
            if request
                .param("for")
                .is_some_and(|f| f != "wins" && f != "efficiency") =>
        {
            return Err(HttpResponse::text(400, "for must be wins or efficiency"));
        }
        Endpoint::Step => {
            game.mark_assisted();
            let advice = if request.param("for") == Some("efficiency") {
                game.efficient_advice(strength)
            } else {
                game.advice(strength)
            };
            let advice = advice.map_err(|_| inconsistent())?;
            let said = match advice {
                Some(advice) => {
                    let said = json::advice(&advice, game.grid());
                    game.apply_checked(advice.action, functions);
                    said
                }
                None => json::NO_MOVE.to_string(),
            };
            format!("{said},{}", json::game(&game))
        }
        Endpoint::Analysis => {
            game.mark_assisted();
            match game.analysis(strength).map_err(|_| inconsistent())? {
                Some(analysis) => format!("\"ready\":false,{}", json::analysis(&analysis)),
                None => format!("\"ready\":{}", !game.status().is_over()),
            }
        }
        Endpoint::Export => export_game(&game, request)?,
        Endpoint::Reveal => json::mine_map(&mut game),
        _ => json::game(&game),
    };
    Ok(HttpResponse::json(braced(body)))
}

/// The hint's body: the advice, the flags the analysis found and, when the student's
/// `machine` is loaded and the game goes on, its click.
fn hint(
    game: &mut BrowserGame,
    functions: Option<&Functions>,
    strength: Strength,
) -> Result<String, HttpResponse> {
    game.mark_assisted();
    let analysis = game.analysis(strength).map_err(|_| inconsistent())?;
    let (advice, flags) = match &analysis {
        Some(analysis) => (analysis.advice, format!(",{}", json::flags(analysis))),
        None => (
            game.advice(strength).map_err(|_| inconsistent())?,
            String::new(),
        ),
    };
    let machine = match functions.filter(|f| f.has_machine()) {
        Some(functions) if !game.status().is_over() => {
            format!(
                ",\"machine\":{}",
                machine(functions, game, analysis.as_ref())
            )
        }
        _ => String::new(),
    };
    Ok(match advice {
        Some(advice) => format!("{}{flags}{machine}", json::advice(&advice, game.grid())),
        None => format!("{}{machine}", json::NO_MOVE),
    })
}

/// The export's body: `game` in the files of the judge the request names.
fn export_game(game: &BrowserGame, request: &HttpRequest) -> Result<String, HttpResponse> {
    let name = request
        .param("judge")
        .ok_or_else(|| HttpResponse::text(400, "missing judge"))?;
    let judge = export::judges()
        .find(|judge| judge.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = export::judges().map(|judge| judge.name()).collect();
            HttpResponse::text(400, &format!("judge must be one of {}", names.join(", ")))
        })?;
    let export = export::export(game, judge).map_err(|why| said(409, why, request))?;
    Ok(json::export(
        judge.name(),
        &export::file_stem(game, judge),
        &export,
    ))
}

/// The student's `machine`'s click on `game` as it stands, judged by `analysis` (see
/// [`json::machine`]).
fn machine(
    functions: &Functions,
    game: &BrowserGame,
    analysis: Option<&advice::Analysis>,
) -> String {
    let answer = functions.machine(game.grid(), &game.jlu_panel());
    let first = game.status() == GameStatus::Ready;
    json::machine(&answer, game.grid(), game.cover(), analysis, first)
}

/// `POST /step?game=ID&by=yours`: the student's `machine` chooses a cell and it is opened (a
/// flag on it is taken away first: the JLU game has none), beside the move we would make
/// there: `by`, `machine` (see [`json::machine`]), `ours` (our advice, or `null`), `played`
/// (whether the board changed), and the game.
fn step_yours(
    game: &mut BrowserGame,
    functions: &Functions,
    strength: Strength,
) -> Result<String, HttpResponse> {
    if game.status().is_over() {
        return Ok(format!(
            "\"by\":\"yours\",{},{}",
            json::NO_MOVE,
            json::game(game)
        ));
    }
    game.mark_assisted();
    let grid = game.grid();
    let analysis = game.analysis(strength).map_err(|_| inconsistent())?;
    let ours = match &analysis {
        Some(analysis) => analysis.advice,
        None => game.advice(strength).map_err(|_| inconsistent())?,
    };
    let answer = functions.machine(grid, &game.jlu_panel());
    let first = game.status() == GameStatus::Ready;
    let said = json::machine(&answer, grid, game.cover(), analysis.as_ref(), first);
    let ours = ours.map_or("null".to_string(), |a| {
        format!("{{{}}}", json::advice(&a, grid))
    });
    let on_board = |&(x, y): &(i64, i64)| {
        (0..grid.rows() as i64).contains(&x) && (0..grid.cols() as i64).contains(&y)
    };
    let mut played = false;
    if let Some((x, y)) = answer.ok().filter(on_board) {
        let cell = grid.index(x as usize, y as usize);
        if game.cover().state(cell) == CellState::Flagged {
            game.apply(Move::Flag(cell));
        }
        let opens = game.opens();
        game.apply_checked(Move::Open(cell), Some(functions));
        played = game.opens() != opens;
    }
    Ok(format!(
        "\"by\":\"yours\",\"machine\":{said},\"ours\":{ours},\"played\":{played},{}",
        json::game(game)
    ))
}

/// `fields` as a JSON object: in place, for an export's tens of megabytes.
fn braced(mut fields: String) -> String {
    fields.reserve_exact(2);
    fields.insert(0, '{');
    fields.push('}');
    fields
}

/// The game named by the query parameter `name`.
fn find(
    games: &Mutex<BrowserGames>,
    request: &HttpRequest,
    name: &str,
) -> Result<std::sync::Arc<Mutex<BrowserGame>>, HttpResponse> {
    let id = request
        .param(name)
        .ok_or_else(|| HttpResponse::text(400, &format!("missing {name}")))?;
    lock(games)
        .get(id)
        .ok_or_else(|| said(404, Message::NoSuchGame, request))
}

/// `POST /new?rows=R&cols=C&mines=K[&seed=S][&start=safe|opening]`.
fn new_game(
    games: &Mutex<BrowserGames>,
    request: &HttpRequest,
) -> Result<HttpResponse, HttpResponse> {
    let max_side = MAX_SIDE as u64;
    let rows = number(request, "rows", 1, max_side)? as usize;
    let cols = number(request, "cols", 1, max_side)? as usize;
    let start = match request.param("start") {
        None => Start::Safe,
        Some(name) => Start::from_name(name)
            .ok_or_else(|| HttpResponse::text(400, "start must be safe or opening"))?,
    };
    let most = start.max_mines(rows * cols) as u64;
    if start == Start::Opening && number(request, "mines", 0, u64::MAX).is_ok_and(|k| k > most) {
        return Err(said(400, Message::OpeningMines(most), request));
    }
    let mines = number(request, "mines", 0, most)? as usize;
    let seed = match request.param("seed") {
        Some(_) => Some(number(request, "seed", 0, u64::MAX)?),
        None => None,
    };
    let game = lock(games)
        .create(Grid::new(rows, cols), mines, seed, start)
        .map_err(|err| no_random(&err, request))?;
    let game = lock(&game);
    Ok(HttpResponse::json(format!("{{{}}}", json::game(&game))))
}

/// `POST /position[?mines=K][&flags=beliefs|mines]`: the body's position, its analysis (its
/// flags read as the player's beliefs, or as mines), or why there is none.
fn analyse_position(request: &HttpRequest) -> Result<HttpResponse, HttpResponse> {
    let text =
        std::str::from_utf8(&request.body).map_err(|_| said(400, Message::NotUtf8, request))?;
    let position = position::parse(text).map_err(|why| said(400, why, request))?;
    let grid = position.view.grid();
    let given = match request.param("mines").filter(|text| !text.is_empty()) {
        Some(_) => Some(number(request, "mines", 0, grid.len() as u64)? as usize),
        None => position.mines,
    };
    let (mines, assumed) = position::mines_to_assume(position.format, grid, given);
    let flags_are = match request.param("flags") {
        None | Some("beliefs") => FlagsAre::Beliefs,
        Some("mines") => FlagsAre::Mines,
        Some(_) => return Err(HttpResponse::text(400, "flags must be beliefs or mines")),
    };
    let analysed = advice::analyse_with(&position.view, mines, position.format.rules(), flags_are);
    let body = json::position(
        grid,
        position.format,
        assumed,
        &cells_text(&position.view),
        &analysed,
    );
    // The position as JSMinesweeper's text, with the count assumed (rounded from a density).
    let count = match assumed {
        Assumed::Given(mines) | Assumed::JluBoard(mines) => mines,
        Assumed::JluDensity(density) | Assumed::AcmDensity(density) => {
            (density * grid.len() as f64).round() as usize
        }
    };
    let js = position::jsminesweeper_text(&position.view, count);
    let body = format!("{body},\"jsminesweeper\":{}", json::string(&js));
    Ok(HttpResponse::json(format!("{{{body}}}")))
}

/// The solver's strength the `strength` parameter names ([`Strength::named`]); the default
/// when it is absent.
fn strength(request: &HttpRequest) -> Result<Strength, HttpResponse> {
    match request.param("strength") {
        None => Ok(Strength::Default),
        Some(name) => Strength::named(name)
            .map_err(|_| HttpResponse::text(400, "strength must be default or strong")),
    }
}

/// The cell named by the `row` and `col` parameters.
fn cell(request: &HttpRequest, game: &BrowserGame) -> Result<usize, HttpResponse> {
    let grid = game.grid();
    let row = number(request, "row", 0, grid.rows() as u64 - 1)? as usize;
    let col = number(request, "col", 0, grid.cols() as u64 - 1)? as usize;
    Ok(grid.index(row, col))
}

/// The query parameter `name` as a whole number in `low..=high`.
fn number(request: &HttpRequest, name: &str, low: u64, high: u64) -> Result<u64, HttpResponse> {
    let bad = || {
        let name = name.to_string();
        said(400, Message::Range { name, low, high }, request)
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
        assert_eq!(Endpoint::of("POST", "/position"), Ok(Endpoint::Position));
        assert_eq!(Endpoint::of("GET", "/export"), Ok(Endpoint::Export));
        assert_eq!(Endpoint::of("GET", "/functions"), Ok(Endpoint::Functions));
        assert!(Endpoint::Open.is_heavy(true) && !Endpoint::Open.is_heavy(false));
        assert!(!Endpoint::Flag.is_heavy(true) && Endpoint::Hint.is_heavy(false));
        let status = |method, path| Endpoint::of(method, path).unwrap_err().status;
        assert_eq!(status("POST", "/hint"), 405);
        assert_eq!(status("GET", "/open"), 405);
        assert_eq!(status("GET", "/position"), 405);
        assert_eq!(status("POST", "/analysis"), 405);
        assert_eq!(status("GET", "/nope"), 404);
    }
}
