// Harvested by `testspace harvest` from rust_decimal 1.43.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// `Decimal` represents a 128 bit representation of a fixed-precision decimal number. The finite set of values of type `Decimal` are of the form m / 10<sup>e</sup>, where m is an integer such that -2<sup>96</sup> < m < 2<sup>96</sup>, and e is an integer between 0 and 28 inclusive.
#[derive(Clone, Debug)]
pub struct Decimal(pub rust_decimal::Decimal);

#[testspace::subject]
impl Decimal {
    pub fn new(num: i64, scale: u32) -> Self {
        Self(<rust_decimal::Decimal>::new(num, scale))
    }
    pub fn from_i128_with_scale(num: i128, scale: u32) -> Self {
        Self(<rust_decimal::Decimal>::from_i128_with_scale(num, scale))
    }
    pub fn from_parts(lo: u32, mid: u32, hi: u32, negative: bool, scale: u32) -> Self {
        Self(<rust_decimal::Decimal>::from_parts(lo, mid, hi, negative, scale))
    }
    pub fn from_scientific(value: &str) -> Result<Self, rust_decimal::Error> {
        <rust_decimal::Decimal>::from_scientific(value).map(|value| Self(value))
    }
    pub fn from_scientific_lossy(value: &str) -> Result<Self, rust_decimal::Error> {
        <rust_decimal::Decimal>::from_scientific_lossy(value).map(|value| Self(value))
    }
    pub fn from_str_radix(str: &str, radix: u32) -> Result<Self, rust_decimal::Error> {
        <rust_decimal::Decimal>::from_str_radix(str, radix).map(|value| Self(value))
    }
    pub fn from_str_exact(str: &str) -> Result<Self, rust_decimal::Error> {
        <rust_decimal::Decimal>::from_str_exact(str).map(|value| Self(value))
    }
    pub fn min_value() -> Self {
        Self(<rust_decimal::Decimal>::min_value())
    }
    pub fn max_value() -> Self {
        Self(<rust_decimal::Decimal>::max_value())
    }
    pub fn default() -> Self {
        Self(<rust_decimal::Decimal>::default())
    }
    pub fn scale(&self) -> u32 {
        self.0.scale()
    }
    pub fn mantissa(&self) -> i128 {
        self.0.mantissa()
    }
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }
    pub fn is_integer(&self) -> bool {
        self.0.is_integer()
    }
    pub fn set_sign(&mut self, positive: bool) {
        self.0.set_sign(positive);
    }
    pub fn set_sign_positive(&mut self, positive: bool) {
        self.0.set_sign_positive(positive);
    }
    pub fn set_sign_negative(&mut self, negative: bool) {
        self.0.set_sign_negative(negative);
    }
    pub fn set_scale(&mut self, scale: u32) -> Result<(), rust_decimal::Error> {
        self.0.set_scale(scale)
    }
    pub fn rescale(&mut self, scale: u32) {
        self.0.rescale(scale);
    }
    pub fn is_negative(&self) -> bool {
        self.0.is_negative()
    }
    pub fn is_positive(&self) -> bool {
        self.0.is_positive()
    }
    pub fn is_sign_negative(&self) -> bool {
        self.0.is_sign_negative()
    }
    pub fn is_sign_positive(&self) -> bool {
        self.0.is_sign_positive()
    }
    pub fn trunc(&self) -> Self {
        Self(self.0.trunc())
    }
    pub fn trunc_with_scale(&self, scale: u32) -> Self {
        Self(self.0.trunc_with_scale(scale))
    }
    pub fn fract(&self) -> Self {
        Self(self.0.fract())
    }
    pub fn abs(&self) -> Self {
        Self(self.0.abs())
    }
    pub fn floor(&self) -> Self {
        Self(self.0.floor())
    }
    pub fn ceil(&self) -> Self {
        Self(self.0.ceil())
    }
    /// Harvested: consumes the object: the slot takes its result.
    pub fn max(&mut self, other: Self) {
        self.0 = self.0.clone().max(other.0);
    }
    /// Harvested: consumes the object: the slot takes its result.
    pub fn min(&mut self, other: Self) {
        self.0 = self.0.clone().min(other.0);
    }
    pub fn normalize(&self) -> Self {
        Self(self.0.normalize())
    }
    pub fn normalize_assign(&mut self) {
        self.0.normalize_assign();
    }
    pub fn round(&self) -> Self {
        Self(self.0.round())
    }
    pub fn round_dp(&self, dp: u32) -> Self {
        Self(self.0.round_dp(dp))
    }
    pub fn round_sf(&self, digits: u32) -> Option<Self> {
        self.0.round_sf(digits).map(Self)
    }
    pub fn as_i128(&self) -> i128 {
        self.0.as_i128()
    }
}
// Skipped methods of `rust_decimal::Decimal`:
// - `try_new`: it returns `crate::Result<Decimal>`, which no pool holds
// - `try_from_i128_with_scale`: it returns `crate::Result<Decimal>`, which no pool holds
// - `array_string`: it returns `impl AsRef<str>`, which no pool holds
// - `serialize`: it returns `[u8; 16]`, which no pool holds
// - `deserialize`: parameter `bytes` has type `[u8; 16]`, which no pool holds
// - `round_dp_with_strategy`: parameter `strategy` has type `RoundingStrategy`, which no pool holds
// - `round_sf_with_strategy`: parameter `strategy` has type `RoundingStrategy`, which no pool holds
// - `unpack`: it returns `UnpackedDecimal`, which no pool holds
// - `from_f32_retain`: parameter `n` has type `f32`, which no pool holds
// - `from_f64_retain`: parameter `n` has type `f64`, which no pool holds
// - `as_f64`: it returns `f64`, which no pool holds
// - `from_number`: parameter `value` has type `f64`, which no pool holds
// - `to_number`: it returns `f64`, which no pool holds
// - `to_string_js`: it does not compile: no method named `to_string_js` found for struct `rust_decimal::Decimal` in the current scope
// - `from_string`: it does not compile: no function or associated item named `from_string` found for struct `rust_decimal::Decimal` in the current scope

// `rust_decimal::Error`: no subject, because it has no public constructor the pools can call.

// `rust_decimal::RoundingStrategy`: no subject, because it has no public constructor the pools can call.

// `rust_decimal::serde::DecimalFromString`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).
