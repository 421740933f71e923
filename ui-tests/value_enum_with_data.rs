// expect: error at `(f64)`: a value type may be a struct or an enum without data (whose values carry no derivative); an enum variant with fields is not supported: make it a struct
use parad::autodiff;

#[autodiff]
#[derive(Clone, Copy, Default)]
enum Charge {
    #[default]
    Neutral,
    Ion(f64),
}

fn main() {}
