//! `ht`: the Jacobian (forward passes) against central differences on small
//! random hand models, both variants, the identity branch of the global
//! rotation, the rotation helpers against their definitions, and the JSON
//! the eval receives.

// The check drivers take closures of several slices.
#![allow(clippy::type_complexity)]

use parad::check::random_vec;
use parad_gradbench::evals::ht::{self, Model, Problem};
use serde_json::{json, Value};

/// `|a - b| <= tol * max(1, |a|, |b|)`.
fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * a.abs().max(b.abs()).max(1.0)
}

/// A random 4x4 rigid-ish transform, row-major, last row `0 0 0 1`.
fn transform(seed: u64) -> Vec<f64> {
    let mut m = random_vec(16, -1.0, 1.0, seed);
    m[12..16].copy_from_slice(&[0.0, 0.0, 0.0, 1.0]);
    m
}

/// The 22-bone skeleton of the data: a wrist, five fingers of four bones
/// chained from the wrist, a forearm.
fn parents() -> Vec<i64> {
    let mut p = vec![-1];
    for f in 0..5 {
        p.push(0);
        for k in 1..4 {
            p.push(1 + 4 * f + k - 1);
        }
    }
    p.push(0);
    p
}

/// A random model with `nv` vertices, skinned by all the bones, and a
/// random problem of `npts` correspondences; `complicated` adds `us`.
fn problem(nv: usize, npts: usize, complicated: bool, seed: u64) -> Problem {
    let parents = parents();
    let nb = parents.len();
    let mut base_relatives = Vec::new();
    let mut inverse_base_absolutes = Vec::new();
    for b in 0..nb as u64 {
        base_relatives.extend(transform(seed + 100 + b));
        inverse_base_absolutes.extend(transform(seed + 200 + b));
    }
    let mut base_positions = Vec::new();
    for v in 0..nv as u64 {
        base_positions.extend(random_vec(3, -1.0, 1.0, seed + 300 + v));
        base_positions.push(1.0);
    }
    // Dense weights, as the eval's format allows (the data's are sparse):
    // every bone moves every vertex, so no column of the Jacobian is zero.
    // (Drawn bone by bone, stored vertex-major.)
    let drawn = random_vec(nb * nv, 0.0, 1.0, seed + 400);
    let weights: Vec<f64> = (0..nv * nb).map(|k| drawn[(k % nb) * nv + k / nb]).collect();
    let ntri = nv;
    let mut triangles = Vec::new();
    let r = random_vec(3 * ntri, 0.0, nv as f64, seed + 500);
    for t in 0..ntri {
        // Three distinct vertices.
        let a = r[3 * t] as usize % nv;
        triangles.extend([a, (a + 1 + r[3 * t + 1] as usize % (nv - 2)) % nv, (a + nv - 1) % nv]);
    }
    let limit = if complicated { ntri } else { nv };
    let correspondences: Vec<usize> =
        random_vec(npts, 0.0, limit as f64, seed + 600).iter().map(|&c| c as usize % limit).collect();
    let points = random_vec(3 * npts, -2.0, 2.0, seed + 700);
    let us = if complicated { random_vec(2 * npts, 0.0, 0.5, seed + 800) } else { Vec::new() };
    let theta = random_vec(26, -0.6, 0.6, seed + 900);
    let model = Model {
        n_bones: nb,
        n_vertices: nv,
        parents,
        base_relatives,
        inverse_base_absolutes,
        base_positions,
        weights,
        triangles,
        is_mirrored: false,
    };
    Problem { theta, us, model, correspondences, points }
}

fn residuals(pb: &Problem) -> Vec<f64> {
    let mut err = vec![0.0; 3 * pb.npts()];
    pb.objective(&mut err);
    err
}

/// The Jacobian by the tool (column-major).
fn jacobian(pb: &Problem) -> Vec<f64> {
    let nrows = 3 * pb.npts();
    let mut jac = vec![f64::NAN; nrows * pb.jacobian_cols()];
    let (nt, nu) = pb.seed_lens();
    let mut ttheta = vec![0.0; nt];
    let mut tus = vec![0.0; nu];
    let mut err = vec![0.0; nrows];
    pb.jacobian(&mut jac, &mut ttheta, &mut tus, &mut err);
    assert!(ttheta.iter().chain(&tus).all(|&t| t == 0.0), "the scratch tangents are left zero");
    assert_eq!(err, residuals(pb), "the forward passes compute the primal too");
    jac
}

/// Central differences of the residuals along `dir(pb, h)`, which moves the
/// problem by `h` in one direction.
fn central(pb: &Problem, dir: impl Fn(&mut Problem, f64)) -> Vec<f64> {
    let h = 1e-6;
    let mut plus = pb.clone();
    dir(&mut plus, h);
    let mut minus = pb.clone();
    dir(&mut minus, -h);
    residuals(&plus).iter().zip(residuals(&minus)).map(|(p, m)| (p - m) / (2.0 * h)).collect()
}

/// Compares every column of the tool's Jacobian with central differences:
/// one per `theta` entry, and for `us` all the `u0` (or all the `u1`) moved
/// together.
fn check_jacobian(pb: &Problem, tol: f64) {
    let nrows = 3 * pb.npts();
    let jac = jacobian(pb);
    let offset = if pb.complicated() { 2 } else { 0 };
    assert_eq!(jac.len(), nrows * (offset + 26));
    let mut columns: Vec<(String, Vec<f64>)> = Vec::new();
    for c in 0..offset {
        columns.push((format!("u{c}"), central(pb, |q, h| (0..q.npts()).for_each(|i| q.us[2 * i + c] += h))));
    }
    for k in 0..26 {
        columns.push((format!("theta[{k}]"), central(pb, |q, h| q.theta[k] += h)));
    }
    let mut nonzero_columns = 0;
    for (col, (name, fd)) in columns.iter().enumerate() {
        let got = &jac[col * nrows..(col + 1) * nrows];
        for r in 0..nrows {
            assert!(
                close(got[r], fd[r], tol),
                "column {name}, row {r}: forward mode {:e}, finite differences {:e}",
                got[r],
                fd[r]
            );
        }
        nonzero_columns += got.iter().any(|&g| g != 0.0) as usize;
    }
    // The first joints of the fingers are not parameters, but every column
    // moves some point.
    assert_eq!(nonzero_columns, columns.len(), "a column of the Jacobian is identically zero");
}

#[test]
fn simple_jacobian_matches_finite_differences() {
    check_jacobian(&problem(30, 12, false, 1), 1e-6);
    check_jacobian(&problem(9, 40, false, 2), 1e-6);
}

#[test]
fn complicated_jacobian_matches_finite_differences() {
    check_jacobian(&problem(30, 12, true, 3), 1e-6);
    check_jacobian(&problem(9, 40, true, 4), 1e-6);
}

#[test]
fn mirrored_model() {
    let mut pb = problem(20, 10, true, 5);
    let plain = residuals(&pb);
    pb.model.is_mirrored = true;
    assert_ne!(plain, residuals(&pb));
    check_jacobian(&pb, 1e-6);
}

#[test]
fn barycentric_columns_are_per_correspondence() {
    // The u0 column holds d err_i / d u0_i: moving one correspondence's u0
    // changes only its own three rows, by that column's entries.
    let pb = problem(25, 8, true, 6);
    let nrows = 3 * pb.npts();
    let jac = jacobian(&pb);
    for i in [0, 5] {
        let fd = central(&pb, |q, h| q.us[2 * i] += h);
        for r in 0..nrows {
            let want = if r / 3 == i { jac[r] } else { 0.0 };
            assert!(close(fd[r], want, 1e-7), "row {r} moving u0 of correspondence {i}: {:e} vs {want:e}", fd[r]);
        }
    }
}

#[test]
fn identity_branch_of_the_global_rotation() {
    // A zero global rotation takes the identity branch: the reference (and
    // the tool) then give zero derivatives for the rotation parameters, and
    // the other columns are still exact (and not NaN, though the tangent of
    // the norm is 0/0 there).
    let mut pb = problem(20, 10, false, 7);
    pb.theta[0..3].fill(0.0);
    let nrows = 3 * pb.npts();
    let jac = jacobian(&pb);
    assert!(jac.iter().all(|d| d.is_finite()), "a NaN or infinity leaked");
    assert!(jac[..3 * nrows].iter().all(|&d| d == 0.0));
    for k in 3..26 {
        let fd = central(&pb, |q, h| q.theta[k] += h);
        for r in 0..nrows {
            assert!(close(jac[k * nrows + r], fd[r], 1e-6), "theta[{k}], row {r}");
        }
    }
}

#[test]
fn rotation_helpers() {
    // Euler angles: a rotation about z alone (stored second) by pi/2 takes x to y.
    let mut r = [0.0; 9];
    ht::euler_angles_to_rotation_matrix(&[0.0, std::f64::consts::FRAC_PI_2, 0.0], &mut r);
    let want = [0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0];
    assert!(r.iter().zip(&want).all(|(a, b)| close(*a, *b, 1e-15)), "{r:?}");
    // Rz Ry Rx for general angles: orthonormal with determinant one, and
    // about x alone (stored first) it is the plain rotation.
    ht::euler_angles_to_rotation_matrix(&[0.3, -0.7, 1.1], &mut r);
    for i in 0..3 {
        for j in 0..3 {
            let d: f64 = (0..3).map(|k| r[3 * i + k] * r[3 * j + k]).sum();
            assert!(close(d, (i == j) as u8 as f64, 1e-14));
        }
    }
    ht::euler_angles_to_rotation_matrix(&[0.4, 0.0, 0.0], &mut r);
    let (c, s) = (0.4f64.cos(), 0.4f64.sin());
    let want = [1.0, 0.0, 0.0, 0.0, c, -s, 0.0, s, c];
    assert!(r.iter().zip(&want).all(|(a, b)| close(*a, *b, 1e-15)), "{r:?}");
    // Angle-axis: the axis is fixed, a perpendicular vector turns by the angle.
    let aa = [0.0, 0.6, 0.8];
    ht::angle_axis_to_rotation_matrix(&aa, &mut r);
    let rv: Vec<f64> = (0..3).map(|i| (0..3).map(|k| r[3 * i + k] * aa[k]).sum()).collect();
    assert!(rv.iter().zip(&aa).all(|(a, b)| close(*a, *b, 1e-15)));
    let p = [1.0, 0.0, 0.0];
    let rp: Vec<f64> = (0..3).map(|i| r[3 * i]).collect();
    assert!(close(rp.iter().zip(&p).map(|(a, b)| a * b).sum::<f64>(), 1.0f64.cos(), 1e-15));
    // Below 1e-4, the identity.
    ht::angle_axis_to_rotation_matrix(&[5e-5, 0.0, 0.0], &mut r);
    assert_eq!(r, [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
}

/// The eval's JSON input for a problem: matrices as arrays of rows.
fn input_json(pb: &Problem) -> Value {
    let m = &pb.model;
    let (nb, nv) = (m.n_bones, m.n_vertices);
    let mats =
        |v: &[f64]| -> Vec<Vec<Vec<f64>>> { v.chunks(16).map(|m| m.chunks(4).map(|r| r.to_vec()).collect()).collect() };
    json!({
        "theta": pb.theta,
        "us": pb.us.chunks(2).map(|u| u.to_vec()).collect::<Vec<_>>(),
        "data": {
            "model": {
                "bone_count": nb,
                "bone_names": (0..nb).map(|b| format!("bone{b}")).collect::<Vec<_>>(),
                "parents": m.parents,
                "base_relatives": mats(&m.base_relatives),
                "inverse_base_absolutes": mats(&m.inverse_base_absolutes),
                "base_positions": m.base_positions.chunks(4).map(|r| r.to_vec()).collect::<Vec<_>>(),
                "weights": (0..nv).map(|v| (0..nb).map(|b| m.weights[v * nb + b]).collect::<Vec<f64>>()).collect::<Vec<_>>(),
                "triangles": m.triangles.chunks(3).map(|t| t.to_vec()).collect::<Vec<_>>(),
                "is_mirrored": m.is_mirrored,
            },
            "correspondences": pb.correspondences,
            "points": pb.points.chunks(3).map(|r| r.to_vec()).collect::<Vec<_>>(),
        },
        "min_runs": 1,
        "min_seconds": 0,
    })
}

fn matrix(v: &Value) -> Vec<Vec<f64>> {
    v.as_array().unwrap().iter().map(|r| r.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect()).collect()
}

#[test]
fn json_round_trip_and_shapes() {
    for complicated in [false, true] {
        let pb = problem(15, 7, complicated, 8);
        let input = input_json(&pb);
        // Parsing gives back the same problem.
        let parsed = Problem::from_json(&input).unwrap();
        assert_eq!(parsed.model.weights, pb.model.weights);
        assert_eq!(parsed.model.base_relatives, pb.model.base_relatives);
        assert_eq!(parsed.us, pb.us);
        assert_eq!(parsed.points, pb.points);

        let mut job = parad_gradbench::evals::prepare("ht", "objective", &input).unwrap();
        job.run();
        let out: Vec<f64> = job.output().as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
        assert_eq!(out, residuals(&pb));

        let mut job = parad_gradbench::evals::prepare("ht", "jacobian", &input).unwrap();
        job.run();
        job.run();
        let out = matrix(&job.output());
        let ncols = if complicated { 28 } else { 26 };
        assert_eq!(out.len(), 3 * 7, "one row per residual");
        assert!(out.iter().all(|r| r.len() == ncols), "{ncols} columns");
        // Rows of the output are rows of the column-major Jacobian.
        let jac = jacobian(&pb);
        for (i, row) in out.iter().enumerate() {
            for (j, &x) in row.iter().enumerate() {
                assert_eq!(x, jac[j * 21 + i]);
            }
        }
        // The translation columns: d err / d t = -identity.
        let t0 = if complicated { 5 } else { 3 };
        for (i, row) in out.iter().enumerate() {
            for k in 0..3 {
                assert!(close(row[t0 + k], if i % 3 == k { -1.0 } else { 0.0 }, 1e-12));
            }
        }
    }
}

#[test]
fn bad_input_is_an_error() {
    let pb = problem(10, 4, true, 9);
    let mut input = input_json(&pb);
    input["data"]["correspondences"] = json!([0, 1, 2, 1000]);
    let e = parad_gradbench::evals::prepare("ht", "objective", &input).err().unwrap();
    assert!(e.contains("out of range"), "{e}");
    let mut input = input_json(&pb);
    input["us"] = json!([[0.1, 0.2]]);
    assert!(parad_gradbench::evals::prepare("ht", "jacobian", &input).is_err());
    assert!(parad_gradbench::evals::prepare("ht", "gradient", &input_json(&pb)).is_err());
}

/// Values printed by GradBench's C++ reference (`tools/manual/ht`) on the
/// input `input_json(&problem(15, 7, complicated, 8))`: the residuals, row 4
/// of the Jacobian and its first column.
#[test]
fn matches_reference_values() {
    let cases: [(bool, &[f64], &[f64], &[f64]); 2] = [
        (
            false,
            &[
                -8.32414633869511,
                5.042937474858819,
                -3.9989899107104057,
                -18.658858565488618,
                6.683505323013673,
                -9.957385715542902,
                -19.47356151795856,
                11.48418139104116,
                -8.99885838302708,
                -10.236965042685156,
                8.997121087232035,
                -6.770234110315899,
                -17.51476276862078,
                9.900084446692428,
                -9.811912741225013,
                -17.110763669457427,
                12.240794462904322,
                -8.760619943422737,
                -9.881122102957848,
                5.894209872740869,
                -7.080468435024484,
            ],
            &[
                9.807182204816383,
                -2.021506684995228,
                -17.129504854363756,
                0.0,
                -1.0,
                0.0,
                -0.03374304557095305,
                0.11918679294382728,
                0.10047758603196029,
                -0.12555763616368862,
                -0.4912760575742722,
                0.14963696578724253,
                0.140907886492532,
                0.1349352413972494,
                -0.15246408487017887,
                -0.0006689712241103455,
                0.19287314890387694,
                0.028439075447483142,
                -0.1709110546585095,
                0.5028572919884999,
                0.2989432972794599,
                0.005373827572322685,
                3.5494251587930896,
                0.4428236908231581,
                0.5867837320365278,
                0.7126845211647735,
            ],
            &[
                -0.3436957891915696,
                5.916750402515506,
                5.42361776997958,
                -0.5635877223429685,
                9.807182204816383,
                8.3146860202838,
                -0.6202416118211076,
                10.464704848813193,
                10.961110519196371,
                -0.43846037688452616,
                7.4739935302481,
                7.327862095240058,
                -0.6387210662398539,
                10.682622987092918,
                11.805320171652705,
                -0.5944784967790655,
                9.957948758909444,
                10.903313245096575,
                -0.43846037688452616,
                7.4739935302481,
                7.327862095240058,
            ],
        ),
        (
            true,
            &[
                -14.256341441164446,
                8.24673735673414,
                -7.02498133787094,
                -17.594614500179592,
                7.045520231744758,
                -9.473674202743165,
                -15.23475886449472,
                8.680983698604285,
                -6.500251945825395,
                -15.685461689546951,
                11.321804789331177,
                -8.752385281228605,
                -16.289201620789093,
                8.654905127659774,
                -9.235187256180371,
                -15.74610621269742,
                11.239978377510273,
                -8.35471637158397,
                -16.025803546248003,
                8.646623369274582,
                -9.538190611874722,
            ],
            &[
                0.5463005884359173,
                1.2152388645189642,
                9.333891526350058,
                -1.9031154615934396,
                -16.069385381432735,
                0.0,
                -1.0,
                0.0,
                -0.0489845015501235,
                0.11045336725039798,
                0.08261240521607614,
                -0.05140963182185234,
                -0.17878341524439234,
                0.03397359830489764,
                0.06625625075439752,
                0.12551336250302206,
                -0.061229233903710954,
                0.04517661861505342,
                0.08272603905265867,
                -0.015249212174804069,
                -0.21464182047602853,
                0.7667022781036273,
                0.3561784346117125,
                -0.012266428896028964,
                2.8586476746942586,
                0.3065877908800003,
                0.3259135696665676,
                0.34311884798194403,
            ],
            &[
                2.3765540809108447,
                0.5463005884359173,
                0.9623007548720661,
                2.3765540809108447,
                0.5463005884359173,
                0.9623007548720661,
                7.7442485580802,
                -3.734886276885989,
                3.4755951386137713,
                -1.5942627572375088,
                0.24115361575740835,
                -0.6696346170970653,
                1.445872255086286,
                -2.578926386682765,
                0.6717050813708791,
                -4.2103521315348456,
                2.2556913135959693,
                -1.980813110489418,
                -1.5942627572375088,
                0.24115361575740835,
                -0.6696346170970653,
            ],
        ),
    ];
    for (complicated, residuals_want, row4_want, col0_want) in cases {
        let input = input_json(&problem(15, 7, complicated, 8));
        let mut job = parad_gradbench::evals::prepare("ht", "objective", &input).unwrap();
        job.run();
        let got: Vec<f64> = job.output().as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
        assert_eq!(got.len(), residuals_want.len());
        for (i, (&g, &w)) in got.iter().zip(residuals_want).enumerate() {
            assert!(close(g, w, 1e-10), "complicated {complicated}: residual {i} is {g}, the reference {w}");
        }
        let mut job = parad_gradbench::evals::prepare("ht", "jacobian", &input).unwrap();
        job.run();
        let jac = matrix(&job.output());
        for (j, (&g, &w)) in jac[4].iter().zip(row4_want).enumerate() {
            assert!(close(g, w, 1e-10), "complicated {complicated}: J[4][{j}] is {g}, the reference {w}");
        }
        for (i, &w) in col0_want.iter().enumerate() {
            assert!(
                close(jac[i][0], w, 1e-10),
                "complicated {complicated}: J[{i}][0] is {}, the reference {w}",
                jac[i][0]
            );
        }
    }
}
