//! Who may offer a rematch, and the players of the new game.

use crate::games::model::Meta;
use crate::refusal::Refusal;

/// The side (0 South, 1 North) `account` plays in a game that may be rematched.
///
/// # Errors
/// [`Refusal::Invalid`] for a game not between two accounts; [`Refusal::NotNow`] while
/// it is played; [`Refusal::Missing`] when `account` plays no side (the route answers
/// that with a 403).
pub fn rematch_side(meta: &Meta, over: bool, account: i64) -> Result<usize, Refusal> {
    if meta.accounts.iter().any(Option::is_none) {
        return Err(Refusal::invalid(
            "a rematch is for a game between two accounts (from the lobby)",
        ));
    }
    let side = meta
        .accounts
        .iter()
        .position(|a| *a == Some(account))
        .ok_or_else(|| Refusal::missing("you play no side of this game"))?;
    if !over {
        return Err(Refusal::not_now(
            "the game is still being played: offer a rematch once it is over",
        ));
    }
    if meta.tournament.is_some() {
        return Err(Refusal::invalid(
            "a tournament game has no rematch: the tournament pairs the next round",
        ));
    }
    Ok(side)
}

/// The accounts of the rematch `[South, North]`: the sides swapped.
pub fn swapped(accounts: [Option<i64>; 2]) -> [Option<i64>; 2] {
    [accounts[1], accounts[0]]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(accounts: [Option<i64>; 2]) -> Meta {
        Meta {
            id: "g".into(),
            level: 5,
            seat: "c".into(),
            invites: [None, None],
            accounts,
            names: [None, None],
            owner: None,
            rated: true,
            clock: None,
            aborted: false,
            draw_offer: None,
            ratings: None,
            created: String::new(),
            updated: String::new(),
            stored: 1,
            tournament: None,
        }
    }

    #[test]
    fn only_the_players_of_a_finished_game_between_accounts() {
        let mut m = meta([Some(11), Some(12)]);
        assert_eq!(rematch_side(&m, true, 11), Ok(0));
        m.tournament = Some("t".into());
        assert_eq!(
            rematch_side(&m, true, 11).unwrap_err().message(),
            "a tournament game has no rematch: the tournament pairs the next round"
        );
        m.tournament = None;
        assert_eq!(rematch_side(&m, true, 12), Ok(1));
        assert_eq!(rematch_side(&m, true, 13).unwrap_err().kind(), "missing");
        assert_eq!(
            rematch_side(&m, false, 11).unwrap_err().message(),
            "the game is still being played: offer a rematch once it is over"
        );
        assert_eq!(
            rematch_side(&meta([Some(11), None]), true, 11)
                .unwrap_err()
                .kind(),
            "invalid"
        );
        assert_eq!(swapped([Some(11), Some(12)]), [Some(12), Some(11)]);
    }
}
