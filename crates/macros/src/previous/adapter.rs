//! The adapter of the previous release: `__TestspacePrevious`, a newtype of the previous
//! type, declared a subject with the current subject's method table. Each method with the
//! same name and signature in the previous release calls it; every other one is listed as
//! not compared, with the reason, and its body is never run (the paired session stops
//! comparing at its first call).

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};
use syn::{FnArg, ImplItem, ImplItemFn, Item, ItemImpl, Type, Visibility};

use super::PreviousModule;

/// The adapter's items and the methods it does not compare, by name with the reason.
pub(super) struct Adapted {
    pub(super) items: TokenStream,
    pub(super) not_compared: Vec<(String, String)>,
}

/// The adapter of `previous` for the current subject `subject` named `class`.
pub(super) fn adapt(
    subject: &ItemImpl,
    previous: &PreviousModule,
    class: &str,
) -> syn::Result<Adapted> {
    let type_name = match &*subject.self_ty {
        Type::Path(p) => p.path.segments.last().expect("a segment").ident.clone(),
        other => {
            return Err(syn::Error::new_spanned(
                other,
                "#[testspace::previous] needs the subject named by a path (`impl Meter`)",
            ));
        }
    };
    let earlier = previous_functions(previous, &type_name);
    let mut methods = Vec::new();
    let mut not_compared = Vec::new();
    for function in table(subject) {
        let name = function.sig.ident.to_string();
        let found = earlier.iter().find(|f| f.sig.ident == function.sig.ident);
        let adapted = match found {
            None => Err(format!("the previous release has no method `{name}`")),
            Some(before) if signature(before, &type_name) != signature(function, &type_name) => {
                Err(format!(
                    "its signature differs in the previous release: `{}`",
                    signature(before, &type_name)
                ))
            }
            Some(_) => call(function, &type_name),
        };
        match adapted {
            Ok(method) => methods.push(method),
            Err(reason) => {
                methods.push(unanswered(function, &type_name, &reason));
                not_compared.push((name, reason));
            }
        }
    }
    let class = syn::LitStr::new(class, proc_macro2::Span::call_site());
    let items = quote! {
        #[derive(Clone, Debug)]
        pub struct __TestspacePrevious(pub #type_name);

        #[::testspace::subject(name = #class, without_unit)]
        impl __TestspacePrevious {
            #(#methods)*
        }
    };
    Ok(Adapted {
        items,
        not_compared,
    })
}

/// The functions of the current block in the subject's table: public, not skipped, not
/// invariants (as `#[testspace::subject]` reads them).
fn table(subject: &ItemImpl) -> Vec<&ImplItemFn> {
    subject
        .items
        .iter()
        .filter_map(|item| match item {
            ImplItem::Fn(f) if !matches!(f.vis, Visibility::Inherited) => Some(f),
            _ => None,
        })
        .filter(|f| {
            !f.attrs.iter().any(|a| {
                a.path().is_ident("testspace")
                    && a.parse_nested_meta(|meta| {
                        if meta.path.is_ident("skip") || meta.path.is_ident("invariant") {
                            Err(meta.error("left out"))
                        } else {
                            Ok(())
                        }
                    })
                    .is_err()
            })
        })
        .collect()
}

/// The public functions of the previous module's inherent impl blocks of `type_name`.
fn previous_functions(previous: &PreviousModule, type_name: &syn::Ident) -> Vec<ImplItemFn> {
    let items = &previous.module.content.as_ref().expect("inline").1;
    items
        .iter()
        .filter_map(|item| match item {
            Item::Impl(i) if i.trait_.is_none() && self_name(&i.self_ty) == Some(type_name) => {
                Some(i)
            }
            _ => None,
        })
        .flat_map(|i| &i.items)
        .filter_map(|item| match item {
            ImplItem::Fn(f) if !matches!(f.vis, Visibility::Inherited) => Some(f.clone()),
            _ => None,
        })
        .collect()
}

fn self_name(ty: &Type) -> Option<&syn::Ident> {
    match ty {
        Type::Path(p) => p.path.segments.last().map(|s| &s.ident),
        _ => None,
    }
}

/// A type as text with the subject's own name written `Self`.
fn text(ty: &Type, type_name: &syn::Ident) -> String {
    let tokens = replace_name(ty.to_token_stream(), type_name);
    tokens.to_string()
}

fn replace_name(tokens: TokenStream, type_name: &syn::Ident) -> TokenStream {
    tokens
        .into_iter()
        .map(|t| match t {
            proc_macro2::TokenTree::Ident(i) if &i == type_name => {
                proc_macro2::TokenTree::Ident(proc_macro2::Ident::new("Self", i.span()))
            }
            proc_macro2::TokenTree::Group(g) => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), replace_name(g.stream(), type_name));
                group.set_span(g.span());
                proc_macro2::TokenTree::Group(group)
            }
            other => other,
        })
        .collect()
}

/// A function's signature without its parameters' names: receiver, parameter types,
/// result, generics and qualifiers.
fn signature(function: &ImplItemFn, type_name: &syn::Ident) -> String {
    let sig = &function.sig;
    let inputs: Vec<String> = sig
        .inputs
        .iter()
        .map(|input| match input {
            FnArg::Receiver(r) => {
                let (reference, mutability) = (r.reference.is_some(), r.mutability.is_some());
                match (reference, mutability) {
                    (true, true) => "&mut self".into(),
                    (true, false) => "&self".into(),
                    (false, _) => "self".into(),
                }
            }
            FnArg::Typed(t) => text(&t.ty, type_name),
        })
        .collect();
    let output = match &sig.output {
        syn::ReturnType::Default => String::new(),
        syn::ReturnType::Type(_, ty) => format!(" -> {}", text(ty, type_name)),
    };
    let generics = sig.generics.to_token_stream().to_string();
    let qualifiers = [
        sig.constness.map(|_| "const "),
        sig.asyncness.map(|_| "async "),
        sig.unsafety.map(|_| "unsafe "),
    ]
    .into_iter()
    .flatten()
    .collect::<String>();
    format!(
        "{qualifiers}fn {}{generics}({}){output}",
        sig.ident,
        inputs.join(", ")
    )
}

/// The adapter's signature of `function`: its own, with the parameters named `__aN` and
/// the subject's name written `Self` (the newtype).
fn adapter_signature(function: &ImplItemFn, type_name: &syn::Ident) -> (TokenStream, Vec<Type>) {
    let sig = &function.sig;
    let ident = &sig.ident;
    let mut params = Vec::new();
    let mut types = Vec::new();
    for (i, input) in sig.inputs.iter().enumerate() {
        match input {
            FnArg::Receiver(r) => {
                let (reference, mutability) = (r.reference.is_some(), r.mutability.is_some());
                params.push(match (reference, mutability) {
                    (true, true) => quote!(&mut self),
                    (true, false) => quote!(&self),
                    (false, _) => quote!(self),
                });
            }
            FnArg::Typed(t) => {
                let name = format_ident!("__a{i}");
                let ty: Type = syn::parse2(replace_name(t.ty.to_token_stream(), type_name))
                    .expect("a type stays a type");
                params.push(quote!(#name: #ty));
                types.push(ty);
            }
        }
    }
    let output = match &sig.output {
        syn::ReturnType::Default => quote!(),
        syn::ReturnType::Type(arrow, ty) => {
            let ty = replace_name(ty.to_token_stream(), type_name);
            quote!(#arrow #ty)
        }
    };
    (quote!(pub fn #ident(#(#params),*) #output), types)
}

/// A method that calls the previous type's method of the same name, or why it cannot.
fn call(function: &ImplItemFn, type_name: &syn::Ident) -> Result<TokenStream, String> {
    let (signature, types) = adapter_signature(function, type_name);
    let sig = &function.sig;
    let ident = &sig.ident;
    let receiver = sig.inputs.iter().find_map(|input| match input {
        FnArg::Receiver(r) => Some(match (r.reference.is_some(), r.mutability.is_some()) {
            (true, true) => quote!(&mut self.0,),
            (true, false) => quote!(&self.0,),
            (false, _) => quote!(self.0,),
        }),
        FnArg::Typed(_) => None,
    });
    let offset = usize::from(receiver.is_some());
    let mut args = Vec::new();
    for (i, ty) in types.iter().enumerate() {
        let name = format_ident!("__a{}", i + offset);
        let shape = ty.to_token_stream().to_string();
        args.push(match shape.as_str() {
            "Self" => quote!(#name.0),
            "& Self" => quote!(&#name.0),
            "Option < Self >" => quote!(#name.map(|__o| __o.0)),
            "Option < & Self >" => quote!(#name.map(|__o| &__o.0)),
            other if other.contains("Self") => {
                return Err(format!(
                    "its parameter `{other}` cannot be passed to the previous release's type"
                ));
            }
            _ => quote!(#name),
        });
    }
    let result = match &sig.output {
        syn::ReturnType::Default => String::new(),
        syn::ReturnType::Type(_, ty) => text(ty, type_name),
    };
    let called = quote!(#type_name::#ident(#receiver #(#args),*));
    let body = if !result.contains("Self") {
        called
    } else if result == "Self" {
        quote!(Self(#called))
    } else if result == "Option < Self >"
        || (result.starts_with("Result < Self ,") && result.matches("Self").count() == 1)
    {
        quote!(#called.map(Self))
    } else {
        return Err(format!(
            "its result `{result}` holds a reference to the object, which the previous release's type cannot give as the adapter's"
        ));
    };
    Ok(quote! {
        #signature { #body }
    })
}

/// A method the previous release does not answer: never run (see the module's comment).
fn unanswered(function: &ImplItemFn, type_name: &syn::Ident, reason: &str) -> TokenStream {
    let (signature, _) = adapter_signature(function, type_name);
    let message = format!("not compared: {reason}");
    quote! {
        #[allow(unused_variables)]
        #signature { ::core::unreachable!(#message) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_missing_or_changed_in_the_previous_release_are_not_compared() {
        let subject: ItemImpl = syn::parse_quote! {
            #[testspace::subject]
            impl Meter {
                pub fn new() -> Self { Meter }
                pub fn record(&mut self, reading: u16) -> u32 { 0 }
                pub fn peak(&self) -> u16 { 0 }
                pub fn merged(&self, other: &Meter) -> Option<Meter> { None }
                pub fn clear(&mut self) {}
                #[testspace(skip)]
                pub fn iter(&self) {}
                fn helper(&self) {}
            }
        };
        let module: syn::ItemMod = syn::parse_quote! {
            mod meter {
                impl Meter {
                    pub fn new() -> Meter { Meter }
                    pub fn record(&mut self, value: u16) -> u32 { 0 }
                    pub fn peak(&self) -> u32 { 0 }
                    pub fn merged(&self, other: &Self) -> Option<Self> { None }
                }
            }
        };
        let previous = PreviousModule {
            commit: "0".into(),
            module,
        };
        let adapted = adapt(&subject, &previous, "Meter").unwrap();
        assert_eq!(
            adapted.not_compared,
            [
                (
                    "peak".to_string(),
                    "its signature differs in the previous release: `fn peak(&self) -> u32`"
                        .to_string()
                ),
                (
                    "clear".to_string(),
                    "the previous release has no method `clear`".to_string()
                ),
            ]
        );
        let text = adapted.items.to_string();
        assert!(text.contains("Self (Meter :: new ())"), "{text}");
        assert!(
            text.contains("Meter :: merged (& self . 0 , & __a1 . 0) . map (Self)"),
            "{text}"
        );
        assert!(!text.contains("iter") && !text.contains("helper"), "{text}");
    }
}
