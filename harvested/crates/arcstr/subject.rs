// Harvested by `testspace harvest` from arcstr 1.2.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A better atomically-reference counted string type.
#[derive(Clone, Debug)]
pub struct ArcStr(pub arcstr::ArcStr);

#[testspace::subject]
impl ArcStr {
    pub fn new() -> Self {
        Self(<arcstr::ArcStr>::new())
    }
    pub fn try_alloc(copy_from: &str) -> Option<Self> {
        <arcstr::ArcStr>::try_alloc(copy_from).map(Self)
    }
    pub fn try_repeat(source: &str, n: usize) -> Option<Self> {
        <arcstr::ArcStr>::try_repeat(source, n).map(Self)
    }
    pub fn repeat(source: &str, n: usize) -> Self {
        Self(<arcstr::ArcStr>::repeat(source, n))
    }
    pub fn default() -> Self {
        Self(<arcstr::ArcStr>::default())
    }
    pub fn as_str(&self) -> String {
        self.0.as_str().to_string()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn to_string(&self) -> String {
        self.0.to_string()
    }
}
// Skipped methods of `arcstr::ArcStr`:
// - `try_init_with_unchecked`: it is `unsafe`
// - `init_with_unchecked`: it is `unsafe`
// - `init_with`: it is generic over `F`
// - `as_bytes`: it returns `&[u8]`, which no pool holds
// - `into_raw`: it returns `NonNull<()>`, which no pool holds
// - `from_raw`: it is `unsafe`
// - `ptr_eq`: an associated function that returns no `ArcStr`
// - `strong_count`: an associated function that returns no `ArcStr`
// - `leak`: it returns a `'static` borrow, which a call makes by leaking what it holds (or hands out static data): memory no session takes back
// - `is_static`: an associated function that returns no `ArcStr`
// - `as_static`: it returns a `'static` borrow, which a call makes by leaking what it holds (or hands out static data): memory no session takes back
// - `_private_new_from_static_data`: it is `unsafe`
// - `substr`: parameter `range` is an `impl Trait`
// - `substr_from`: it returns `Substr`, which no pool holds
// - `try_substr_from`: it returns `Option<Substr>`, which no pool holds
// - `try_substr_using`: parameter `f` is an `impl Trait`
// - `substr_using`: parameter `f` is an `impl Trait`

/// A low-cost string type representing a view into an [`ArcStr`].
#[derive(Clone, Debug)]
pub struct Substr(pub arcstr::Substr);

#[testspace::subject]
impl Substr {
    pub fn new() -> Self {
        Self(<arcstr::Substr>::new())
    }
    pub fn default() -> Self {
        Self(<arcstr::Substr>::default())
    }
    pub fn as_str(&self) -> String {
        self.0.as_str().to_string()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn to_string(&self) -> String {
        self.0.to_string()
    }
    pub fn substr_from(&self, substr: &str) -> Self {
        Self(self.0.substr_from(substr))
    }
    pub fn try_substr_from(&self, substr: &str) -> Option<Self> {
        self.0.try_substr_from(substr).map(Self)
    }
}
// Skipped methods of `arcstr::Substr`:
// - `full`: parameter `a` has type `ArcStr`, which no pool holds
// - `substr`: parameter `range` is an `impl Trait`
// - `from_parts_unchecked`: it is `unsafe`
// - `shallow_eq`: an associated function that returns no `Substr`
// - `parent`: it returns `&ArcStr`, which no pool holds
// - `range`: it returns `Range<usize>`, which no pool holds
// - `try_substr_using`: parameter `f` is an `impl Trait`
// - `substr_using`: parameter `f` is an `impl Trait`

// `arcstr::_private::StaticArcStrInner`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).
