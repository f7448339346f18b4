//! The count checked against an independent search, and stopped and resumed.

use super::*;
use crate::solve::ExactValue;
use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::{Game, Side};
use std::collections::HashSet;

/// Seeds in the stores × 13 + reserved pits, from the position itself (not the packing).
fn level_of(pos: &Kingulu) -> usize {
    (usize::from(pos.store(Side::South)) + usize::from(pos.store(Side::North))) * 13
        + pos.reserved_mask().count_ones() as usize
}

/// Every position reachable from the start whose level is below `max_level`, by a plain
/// search over whole positions. Levels never fall along a game, so such a position is
/// reached through positions below `max_level` only.
fn reachable_below(rules: &Rules, max_level: usize) -> (u64, u64) {
    let start = Kingulu::start(rules);
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    let mut kids = Vec::new();
    while let Some(pos) = stack.pop() {
        pos.children(&mut kids);
        for (_, c) in kids.iter() {
            if level_of(c) < max_level && seen.insert(*c) {
                stack.push(*c);
            }
        }
    }
    let partitions: HashSet<(u8, u8, u16)> = seen
        .iter()
        .map(|p| {
            (
                p.store(Side::South),
                p.store(Side::North),
                p.reserved_mask(),
            )
        })
        .collect();
    (seen.len() as u64, partitions.len() as u64)
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bao-reach-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn complete(end: ReachEnd) -> ReachCount {
    match end {
        ReachEnd::Complete(c) => c,
        other => panic!("not complete: {other:?}"),
    }
}

#[test]
fn levels_below_39_hold_215_positions_in_70_partitions() {
    // Levels 0..=38: at most 2 seeds in the stores and no reserved pit.
    let rules = Rules::default();
    assert_eq!(reachable_below(&rules, 39), (215, 70));
    let dir = temp_dir("below39");
    let limits = CountLimits {
        max_level: 39,
        ..CountLimits::default()
    };
    let mut levels = 0;
    let c = complete(
        count_reachable(&rules, &dir, &limits, &mut |e| {
            if let ReachEvent::Level(_) = e {
                levels += 1
            }
        })
        .unwrap(),
    );
    assert_eq!(
        (
            c.levels_done,
            c.positions,
            c.partitions,
            c.largest_partition
        ),
        (39, 215, 70, 21)
    );
    assert_eq!(levels, 39);
    // Running again finds the work done.
    let again = complete(count_reachable(&rules, &dir, &limits, &mut |_| {}).unwrap());
    assert_eq!((again.positions, again.partitions), (215, 70));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_count_stopped_after_every_layer_resumes_to_the_same_result() {
    let rules = Rules::default();
    let dir = temp_dir("resume");
    let limits = CountLimits {
        max_level: 39,
        layers: Some(1),
        ..CountLimits::default()
    };
    let mut runs = 0;
    let mut stops = Vec::new();
    let result = loop {
        runs += 1;
        assert!(runs < 1000, "the count makes no progress");
        match count_reachable(&rules, &dir, &limits, &mut |_| {}).unwrap() {
            ReachEnd::Complete(c) => break c,
            ReachEnd::Stopped {
                limit,
                level,
                found,
                ..
            } => {
                assert_eq!(limit, "layers");
                stops.push((level, found));
            }
        }
        // A checkpoint whose files do not match (a crash between its renames): the
        // partition is closed again from its entry keys.
        if runs == 5 {
            let frontier = dir.join("partial-frontier.keys");
            assert!(frontier.exists(), "a checkpoint after a stop");
            std::fs::remove_file(frontier).unwrap();
        }
        // A torn append (half a key) is cut back on the next run.
        if runs == 3 {
            let f = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .find(|p| p.to_string_lossy().contains("level-"))
                .expect("a level file");
            let mut bytes = std::fs::read(&f).unwrap();
            bytes.extend_from_slice(&[1, 2, 3]);
            std::fs::write(&f, bytes).unwrap();
        }
    };
    assert_eq!(
        (
            result.positions,
            result.partitions,
            result.largest_partition
        ),
        (215, 70, 21)
    );
    assert!(stops.len() > 10, "stopped {} times", stops.len());
    // Every stop is inside a partition of some level, never past the last one.
    assert!(stops.iter().all(|&(lv, found)| lv < 39 && found >= 1));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_census_counts_plies_and_finds_no_repetition_early() {
    let rules = Rules::default();
    let census = ply_census(&Kingulu::start(&rules), 6);
    assert_eq!(census.new_at_ply, vec![1, 4, 15, 50, 130, 334, 834]);
    assert!(!census.repetition_possible);
}

#[test]
fn progress_files_that_do_not_read_are_refused() {
    let rules = Rules::default();
    let dir = temp_dir("bad-progress");
    std::fs::create_dir_all(&dir).unwrap();
    let progress = "positions 5\npartitions 1\nlargest_partition 1\nseconds 0\n";
    for bad in ["levels_done 9999\n", "levels_done x\n", ""] {
        std::fs::write(dir.join("progress.txt"), format!("{bad}{progress}")).unwrap();
        let err = count_reachable(&rules, &dir, &CountLimits::default(), &mut |_| {}).unwrap_err();
        assert!(
            err.to_string()
                .ends_with("progress.txt is not a progress file of bao reach"),
            "{err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let file = temp_dir("a-file");
    std::fs::write(&file, "x").unwrap();
    let err = count_reachable(&rules, &file, &CountLimits::default(), &mut |_| {}).unwrap_err();
    assert!(err.to_string().ends_with("is not a directory"), "{err}");
    std::fs::remove_file(&file).unwrap();
}

/// Every position reachable from `start` (itself included), by a plain search.
fn reachable_from(start: Kingulu) -> u64 {
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    let mut kids = Vec::new();
    while let Some(pos) = stack.pop() {
        pos.children(&mut kids);
        for (_, c) in kids.iter() {
            if seen.insert(*c) {
                stack.push(*c);
            }
        }
    }
    seen.len() as u64
}

#[test]
fn counts_from_a_position_match_a_plain_search() {
    let rules = Rules::default();
    for (text, want) in [
        ("0 0 2 1 0 1 / 1 0 1 2 0 0 ; S=20 N=20 ; South", 108),
        ("1 0 1 3 1 1 / 2 0 2 2 1 1 ; S=17 N=16 ; South", 2736),
        ("1 5*S 2 0 0 0 / 1 1 5*N 1 0 0 ; S=22 N=10 ; North", 15),
    ] {
        let start = Kingulu::from_text(text, &rules).unwrap();
        assert_eq!(reachable_from(start), want, "{text}");
        let dir = temp_dir(&format!("from{want}"));
        let c = complete(
            count_reachable_from(&start, &dir, &CountLimits::default(), &mut |_| {}).unwrap(),
        );
        assert_eq!((c.levels_done, c.positions), (LEVEL_COUNT, want), "{text}");
        // The directory is of this start: another one is refused, the same one resumes.
        let other = Kingulu::start(&rules);
        let err =
            count_reachable_from(&other, &dir, &CountLimits::default(), &mut |_| {}).unwrap_err();
        assert!(
            err.to_string()
                .contains(&format!("holds the count from {text}")),
            "{err}"
        );
        let again = complete(
            count_reachable_from(&start, &dir, &CountLimits::default(), &mut |_| {}).unwrap(),
        );
        assert_eq!(again.positions, want);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn close_partition_and_keys_agree_with_the_count() {
    // The pieces of a distributed count: closing the partitions level by level from the
    // start key gives the same total as the count.
    let rules = Rules::default();
    let start =
        Kingulu::from_text("0 0 2 1 0 1 / 1 0 1 2 0 0 ; S=20 N=20 ; South", &rules).unwrap();
    let key = key_of(&start);
    assert_eq!(position_of(key, &rules), Some(start));
    assert_eq!(position_of(u64::MAX, &rules), None);
    let mut levels: std::collections::BTreeMap<usize, Vec<u64>> =
        [(super::level_of(key), vec![key])].into();
    let mut total = 0;
    while let Some((lv, mut keys)) = levels.pop_first() {
        keys.sort_unstable();
        keys.dedup();
        for chunk in keys.chunk_by(|a, b| a >> 40 == b >> 40) {
            let (found, leaving) = close_partition(&rules, chunk.to_vec());
            total += found.len() as u64;
            for k in leaving {
                assert!(super::level_of(k) > lv);
                levels.entry(super::level_of(k)).or_default().push(k);
            }
        }
    }
    assert_eq!(total, 108);
}

#[test]
fn retrograde_values_equal_the_solver_on_every_reachable_position() {
    // The value database (bao reach --values) against bao solve --margin: every entry.
    let rules = Rules::default();
    for (text, n, start_value, start_south) in [
        (
            "0 0 2 1 0 1 / 1 0 1 2 0 0 ; S=20 N=20 ; South",
            108,
            ExactValue::Win(7),
            26,
        ),
        (
            "1 0 1 3 1 1 / 2 0 2 2 1 1 ; S=17 N=16 ; South",
            2736,
            ExactValue::Win(13),
            28,
        ),
    ] {
        let start = Kingulu::from_text(text, &rules).unwrap();
        let v = retrograde(&start, 1_000_000).unwrap();
        assert_eq!((v.positions.len(), v.decided()), (n, n), "{text}");
        assert_eq!(
            (v.value[0], v.south_score(0)),
            (Some(start_value), Some(start_south))
        );
        for (i, pos) in v.positions.iter().enumerate() {
            let known = crate::solve::book::solve_entry(pos, 1 << 16).unwrap();
            assert_eq!(
                (v.value[i], v.south_score(i)),
                (Some(known.value), Some(known.south)),
                "{}",
                pos.to_text()
            );
        }
    }
    assert!(retrograde(&Kingulu::start(&rules), 1000).is_none());
}

#[test]
fn the_value_pass_partition_by_partition_equals_the_whole_pass() {
    // The distributed pass (bao.cluster values): partitions closed level by level, then
    // valued from the highest level down, each looking up its leaving moves.
    let rules = Rules::default();
    let start =
        Kingulu::from_text("1 0 1 3 1 1 / 2 0 2 2 1 1 ; S=17 N=16 ; South", &rules).unwrap();
    let whole = retrograde(&start, 1_000_000).unwrap();
    let key = key_of(&start);
    let mut levels: std::collections::BTreeMap<usize, Vec<u64>> =
        [(super::level_of(key), vec![key])].into();
    let mut partitions: Vec<(usize, Vec<u64>)> = Vec::new();
    while let Some((lv, mut keys)) = levels.pop_first() {
        keys.sort_unstable();
        keys.dedup();
        for chunk in keys.chunk_by(|a, b| a >> 40 == b >> 40) {
            let (found, leaving) = close_partition(&rules, chunk.to_vec());
            for k in leaving {
                levels.entry(super::level_of(k)).or_default().push(k);
            }
            partitions.push((lv, found));
        }
    }
    let mut entries: std::collections::HashMap<u64, Entry> = std::collections::HashMap::new();
    for (_, found) in partitions.iter().rev() {
        let got = retrograde_partition(&rules, found, &|k| entries.get(&k).copied()).unwrap();
        for (k, e) in found.iter().zip(got) {
            assert_eq!(Entry::from_bytes(e.to_bytes()), Some(e));
            entries.insert(*k, e);
        }
    }
    assert_eq!(entries.len(), whole.positions.len());
    for (i, pos) in whole.positions.iter().enumerate() {
        let e = entries[&key_of(pos)];
        assert_eq!(e.value, whole.value[i], "{}", pos.to_text());
        assert_eq!(
            (e.south >= 0).then_some(e.south as u32),
            whole.south_at_least[i]
        );
        assert_eq!(
            (e.north >= 0).then(|| 48 - e.north as u32),
            whole.south_at_most[i]
        );
    }
    // A leaving move without an entry is named.
    let (lv, found) = &partitions[0];
    assert!(*lv > 0 && retrograde_partition(&rules, found, &|_| None).is_err());
}
