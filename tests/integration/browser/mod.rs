//! The pages in a real browser: Debian's headless Chromium, driven over the DevTools protocol
//! by the driver (`driver.rs`: `Browser`, `Page`), and the tests by page and task: live updates,
//! the hall display, the public pages (and on a phone: a card in play, the search by name, the
//! standings' marks), the requests a page makes per live message, printouts, the index page,
//! the console (its views and setup, players, rounds, results, the next round's check-ins and
//! swaps), whole events, acceleration, the hall's players, the hall terminal as a player uses
//! it, the address players reach the server by. Screenshots go to
//! `artifacts/` (not committed) for a reviewer.

mod driver;
pub(crate) use driver::{poppler, Browser, Page};

mod acceleration;
mod checkin;
mod console;
mod console_players;
mod console_results;
mod console_rounds;
mod display;
mod events;
mod hall;
mod hall_terminal;
mod index;
mod live;
mod printouts;
mod public;
mod public_phone;
mod public_url;
mod requests;
mod tour;
