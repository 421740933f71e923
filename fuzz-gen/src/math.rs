//! The rest of std's float methods that parad differentiates (`sinh cosh
//! tan atan asin acos exp_m1 exp2 ln_1p log2 log10 cbrt clamp`, `powi`
//! with a count as exponent), each with its operand kept inside its
//! domain and away from singular points, as in `gen.rs`.

use crate::gen::{lit, Gen, E, MAX_COUNT};

impl Gen<'_> {
    /// One of the less common float methods applied to `a`.
    pub(crate) fn more_math(&mut self, a: E) -> E {
        let op = self.rng.range(0, 14);
        let name = [
            "sinh", "cosh", "tan", "atan", "asin", "acos", "exp_m1", "exp2", "ln_1p", "log2", "log10", "cbrt", "clamp",
            "powi_n",
        ][op];
        if op == 13 && self.counts.is_empty() {
            return a;
        }
        self.features.insert(name);
        match op {
            0 | 1 => {
                let a = self.fit(a, 2.0);
                E { bound: a.bound.cosh(), text: format!("{}.{name}()", self.recv(a)) }
            }
            // |argument| <= 1.2 < pi/2.
            2 => E { text: format!("({}.tanh() * 1.2).tan()", self.recv(a)), bound: 1.2f64.tan() },
            3 => E { text: format!("{}.atan()", self.recv(a)), bound: 1.6 },
            // |argument| <= 0.9: the derivative stays below 2.3.
            4 | 5 => E { text: format!("({}.tanh() * 0.9).{name}()", self.recv(a)), bound: 3.2 },
            6 | 7 => {
                let a = self.fit(a, 2.5);
                let bound = if op == 6 { a.bound.exp() } else { a.bound.exp2() };
                E { bound, text: format!("{}.{name}()", self.recv(a)) }
            }
            8 => {
                let a = self.fit(a, 10.0);
                E { bound: (a.bound * a.bound).ln_1p(), text: format!("{}.powi(2).ln_1p()", self.recv(a)) }
            }
            9 | 10 => {
                let a = self.fit(a, 10.0);
                let c = *self.rng.pick(&[0.5, 1.0, 2.0]);
                let bound = (a.bound * a.bound + c).ln().abs().max(c.ln().abs()) * 1.5;
                E { text: format!("({}.powi(2) + {}).{name}()", self.recv(a), lit(c)), bound }
            }
            11 => {
                let a = self.fit(a, 10.0);
                E { bound: (a.bound * a.bound + 0.5).cbrt(), text: format!("({}.powi(2) + 0.5).cbrt()", self.recv(a)) }
            }
            12 => {
                let c = self.constant(0.2, 1.0);
                E { bound: c, text: format!("{}.clamp({}, {})", self.recv(a), lit(-c), lit(c)) }
            }
            _ => {
                let a = self.fit(a, 1.5);
                let n = self.rng.pick(&self.counts).clone();
                E { bound: a.bound.powi(MAX_COUNT as i32).max(1.0), text: format!("{}.powi({n} as i32)", self.recv(a)) }
            }
        }
    }
}
