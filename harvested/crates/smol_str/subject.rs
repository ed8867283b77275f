// Harvested by `testspace harvest` from smol_str 0.3.7: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A `SmolStr` is a string type that has the following properties:
#[derive(Clone, Debug)]
pub struct SmolStr(pub smol_str::SmolStr);

#[testspace::subject]
impl SmolStr {
    pub fn new_inline(text: &str) -> Self {
        Self(<smol_str::SmolStr>::new_inline(text))
    }
    pub fn default() -> Self {
        Self(<smol_str::SmolStr>::default())
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
    pub fn is_heap_allocated(&self) -> bool {
        self.0.is_heap_allocated()
    }
}
// Skipped methods of `smol_str::SmolStr`:
// - `new`: parameter `text` is an `impl Trait`
// - `from_utf8`: parameter `bytes` has type `&[u8]`, which no pool holds
// - `from_utf8_unchecked`: it is `unsafe`
// - `new_static`: it does not compile: borrowed data escapes outside of associated function

/// A builder that can be used to efficiently build a [`SmolStr`].
#[derive(Clone, Debug)]
pub struct SmolStrBuilder(pub smol_str::SmolStrBuilder);

#[testspace::subject]
impl SmolStrBuilder {
    pub fn new() -> Self {
        Self(<smol_str::SmolStrBuilder>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<smol_str::SmolStrBuilder>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<smol_str::SmolStrBuilder>::default())
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn as_str(&self) -> String {
        self.0.as_str().to_string()
    }
    pub fn push(&mut self, c: char) {
        self.0.push(c);
    }
    pub fn push_str(&mut self, s: &str) {
        self.0.push_str(s);
    }
}
// Skipped methods of `smol_str::SmolStrBuilder`:
// - `finish`: it returns `SmolStr`, which no pool holds
