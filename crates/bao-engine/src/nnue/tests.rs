use super::trainer::{epoch_order, train_epoch, Adam, Checkpoint, Model, Sample, PARAMS};
use super::*;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::Game;

/// Positions of a few random games (both sides, namua and mtaji).
fn positions() -> Vec<Kiswahili> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
    let mut out = Vec::new();
    for _ in 0..6 {
        let mut p = Kiswahili::start(&Default::default());
        let mut moves = Vec::new();
        for _ in 0..80 {
            if p.outcome().is_some() {
                break;
            }
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            p = p.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            out.push(p);
        }
    }
    out
}

#[test]
fn the_shipped_network_is_the_trained_one() {
    // Fails when kiswahili.nnue is replaced by any other network (a zero one, say).
    let net = shipped().expect("the shipped weights are the trained network");
    assert_eq!(net.checksum(), SHIPPED_CHECKSUM);
    assert_eq!(
        fnv1a(&SHIPPED_BYTES[..SHIPPED_BYTES.len() - 8]),
        SHIPPED_CHECKSUM
    );
    assert!(SHIPPED_BYTES.len() < 1 << 20);
}

#[test]
fn a_zero_network_is_refused() {
    let zero = Model {
        params: vec![0.0; PARAMS],
    }
    .to_network_bytes(400.0);
    assert_eq!(zero.len(), Network::file_bytes());
    let net = Network::from_bytes(&zero).unwrap();
    assert_eq!(net.evaluate(&Inputs::of(&positions()[7])), 0);
    assert_eq!(
        check_trained(&zero),
        Err(NetError::NotTrained(fnv1a(&zero[..zero.len() - 8])))
    );
    // A damaged byte, a cut file, another magic.
    let mut bad = zero.clone();
    bad[100] ^= 1;
    assert!(matches!(
        Network::from_bytes(&bad),
        Err(NetError::Checksum { .. })
    ));
    assert_eq!(
        Network::from_bytes(&zero[..zero.len() - 1]),
        Err(NetError::Size {
            found: zero.len() - 1,
            expected: zero.len()
        })
    );
    assert_eq!(Network::from_bytes(b"BAONNUX\0abc"), Err(NetError::Magic));
    let mut other = zero.clone();
    other[8] = 9;
    assert!(matches!(
        Network::from_bytes(&other),
        Err(NetError::Shape(_))
    ));
}

/// `bytes` with its checksum made right again.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let n = bytes.len() - 8;
    let sum = fnv1a(&bytes[..n]);
    bytes[n..].copy_from_slice(&sum.to_le_bytes());
    bytes
}

#[test]
fn layer_one_weights_beyond_the_i16_limits_are_refused() {
    // The i16 accumulator is exact only within the limits: a file beyond them is refused.
    let zero = Model {
        params: vec![0.0; PARAMS],
    }
    .to_network_bytes(400.0);
    let first_w1 = 36;
    let first_wd = first_w1 + 2 * SPARSE_INPUTS * L1;
    let with = |at: usize, v: i16| {
        let mut b = zero.clone();
        b[at..at + 2].copy_from_slice(&v.to_le_bytes());
        Network::from_bytes(&resealed(b))
    };
    assert!(with(first_w1 + 2 * 5, MAX_L1_WEIGHT).is_ok());
    assert!(with(first_w1 + 2 * 5, -MAX_L1_WEIGHT).is_ok());
    assert_eq!(
        with(first_w1 + 2 * 5, MAX_L1_WEIGHT + 1),
        Err(NetError::Shape(format!(
            "a layer-1 weight or bias beyond ±{MAX_L1_WEIGHT}"
        )))
    );
    assert!(with(first_wd, MAX_DENSE_WEIGHT).is_ok());
    assert_eq!(
        with(first_wd, -MAX_DENSE_WEIGHT - 1),
        Err(NetError::Shape(format!(
            "a dense-input weight beyond ±{MAX_DENSE_WEIGHT}"
        )))
    );
    // The float model's weights beyond the limit are written at it.
    let mut big = Model {
        params: vec![0.0; PARAMS],
    };
    big.params[3] = 5.0;
    big.params[SPARSE_INPUTS * L1] = -5.0;
    let net = Network::from_bytes(&big.to_network_bytes(400.0)).unwrap();
    assert_eq!(
        (net.w1[0][3], net.wd[0][0]),
        (MAX_L1_WEIGHT, -MAX_DENSE_WEIGHT)
    );
    assert_eq!((MAX_L1_WEIGHT, MAX_DENSE_WEIGHT), (460, 115));
}

#[test]
fn the_largest_sums_of_the_i16_accumulator_are_exact() {
    // Every layer-1 weight and bias at its limit, every dense input at its largest: the
    // i16 accumulator must hold the true sum (no wrap-around).
    let mut m = Model {
        params: vec![0.0; PARAMS],
    };
    for w in &mut m.params[..(SPARSE_INPUTS + DENSE_INPUTS + 1) * L1] {
        *w = 1.0;
    }
    let net = Network::from_bytes(&m.to_network_bytes(400.0)).unwrap();
    let mut inp = Inputs::of(&Kiswahili::start(&Default::default()));
    inp.len = MAX_ACTIVE;
    inp.dense = [inputs::MAX_DENSE; DENSE_INPUTS];
    let acc = net.accumulate(&inp);
    let want = (MAX_ACTIVE as i32 + 1) * i32::from(MAX_L1_WEIGHT)
        + DENSE_INPUTS as i32 * ((inputs::MAX_DENSE * i32::from(MAX_DENSE_WEIGHT)) >> 3);
    assert_eq!(want, 31_740);
    assert!(acc.0.iter().all(|&a| i32::from(a) == want), "{:?}", acc.0);
}

#[test]
fn the_integer_network_follows_the_float_model() {
    let model = Model::new(11);
    let net = Network::from_bytes(&model.to_network_bytes(300.0)).unwrap();
    assert_eq!(net.scale(), 300);
    let mut worst = 0f32;
    for p in positions() {
        let inp = Inputs::of(&p);
        let float = model.logit(&inp) * 300.0;
        let int = net.evaluate(&inp) as f32;
        worst = worst.max((float - int).abs());
    }
    // Rounding to 1/128 activations and 1/256 weights: a few centi-seeds at most.
    assert!(
        worst < 8.0,
        "integer and float differ by {worst} centi-seeds"
    );
}

#[test]
fn the_gradient_is_the_loss_slope() {
    let mut model = Model::new(3);
    let ps = positions();
    let samples: Vec<Sample> = ps[..40]
        .iter()
        .enumerate()
        .map(|(i, p)| Sample {
            inputs: Inputs::of(p),
            target: (i % 3) as f32 / 2.0,
        })
        .collect();
    let before = model.loss(&samples);
    let mut adam = Adam::default();
    let order = epoch_order(samples.len(), 1, 0);
    let mut seen = 0;
    for _ in 0..30 {
        train_epoch(&mut model, &mut adam, &samples, &order, 8, 3e-3, &mut |n| {
            seen = n
        });
    }
    assert_eq!(seen, 40);
    assert_eq!(adam.steps, 30 * 5);
    let after = model.loss(&samples);
    // Adam along the analytic gradient must lower the loss a lot on 40 samples.
    assert!(after < before - 0.05, "loss {before} -> {after}");
    // Finite differences on a few parameters touched by the first sample.
    let s = &samples[..1];
    let mut grad = vec![0f32; PARAMS];
    let fresh = Model::new(3);
    let mut g_model = fresh.clone();
    let mut a = Adam::default();
    // One step with lr 0 leaves the model and fills Adam's first moment with 0.1 · grad.
    train_epoch(&mut g_model, &mut a, s, &[0], 1, 0.0, &mut |_| {});
    for (g, m) in grad.iter_mut().zip(&a.m) {
        *g = m / 0.1;
    }
    let f = |m: &Model| m.loss(s);
    let idx = [
        usize::from(s[0].inputs.active()[4]) * L1 + 3,
        PARAMS - 1,
        PARAMS - 2,
    ];
    for i in idx {
        let mut up = fresh.clone();
        up.params[i] += 1e-2;
        let mut down = fresh.clone();
        down.params[i] -= 1e-2;
        let numeric = (f(&up) - f(&down)) / 2e-2;
        assert!(
            (numeric - f64::from(grad[i])).abs() < 2e-3,
            "parameter {i}: numeric {numeric}, analytic {}",
            grad[i]
        );
    }
}

#[test]
fn checkpoints_round_trip() {
    let c = Checkpoint {
        settings: "seed 1\n".into(),
        epochs: 3,
        model: Model::new(1),
        adam: Adam {
            steps: 17,
            ..Adam::default()
        },
    };
    let bytes = c.to_bytes();
    assert_eq!(Checkpoint::from_bytes(&bytes), Ok(c));
    assert!(Checkpoint::from_bytes(&bytes[..bytes.len() - 4]).is_err());
}

#[test]
fn the_trained_network_values_positions_exactly() {
    let net = shipped().unwrap();
    assert_eq!(net.scale(), 400);
    let start = Kiswahili::start(&Default::default());
    let ps = positions();
    let got = [
        net.evaluate_position(&start),
        net.evaluate_position(&ps[20]),
        net.evaluate_position(&ps[90]),
    ];
    // The start (off the training data: every record is 8 plies or more into a game) and
    // two random-game positions; the search's hook gives the same.
    assert_eq!(got, [440, 383, 2035]);
    use crate::Evaluate;
    assert_eq!(ps[20].evaluate_net(), 383);
    assert_ne!(ps[20].evaluate_net(), ps[20].evaluate());
}
