//! `#[testspace::subject]` (being written on branch own-crate).

use proc_macro2::TokenStream;

/// Expands the attribute.
pub fn expand(_attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    Err(syn::Error::new_spanned(
        item,
        "#[testspace::subject] is being written",
    ))
}
