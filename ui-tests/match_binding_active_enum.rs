// expect: error at the pattern `Shape::Circle(r)`: a match arm that binds an active field of an enum is not supported (the shadow of an enum is not defined); use a struct with a tag field
use parad::autodiff;

pub enum Shape {
    Circle(f64),
    Square(f64),
}

#[autodiff(reverse, d_area, Duplicated, Active)]
fn area(s: &Shape) -> f64 {
    match s {
        Shape::Circle(r) => std::f64::consts::PI * r * r,
        Shape::Square(a) => a * a,
    }
}

fn main() {}
