//! `#[testspace::subject]`: derives a subject's method table from the public methods of
//! an inherent `impl` block (`docs/own-crate.md`, "Declaring a subject").
//!
//! The block is emitted unchanged but for the `#[testspace(...)]` helper attributes,
//! followed by `impl ::testspace::subject::Subject` and, unless the hidden argument
//! `without_unit` is given (by `#[testspace::mutants]`, which pairs gold with its
//! schemata itself), `impl ::testspace::subject::Declared`.

mod emit;
mod model;
mod types;

use proc_macro2::TokenStream;
use quote::quote;
use syn::ext::IdentExt;
use syn::{FnArg, ImplItem, ImplItemFn, ItemImpl, LitStr, Pat, Type, Visibility};

use types::{Returns, SelfType, Shape};

/// Expands the attribute: the block, then the generated impls (or, if a method cannot be
/// declared, the block and every such error, so that the user sees only those).
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let options = Options::parse(attr)?;
    let mut block = match syn::parse2::<syn::Item>(item)? {
        syn::Item::Impl(block) => block,
        other => {
            return Err(syn::Error::new_spanned(
                other,
                "#[testspace::subject] goes on an inherent impl block: `impl Ring { … }`",
            ));
        }
    };
    let class = check_block(&block, options.name)?;
    syn::visit_mut::VisitMut::visit_item_impl_mut(&mut crate::live::Live, &mut block);
    let (methods, invariants) = match methods(&mut block) {
        Ok(declared) => declared,
        Err(errors) => {
            let errors = errors.into_compile_error();
            return Ok(quote!(#block #errors));
        }
    };
    let pools = emit::code_pools(&block, &methods);
    let model = options.model.as_ref().map(|ty| model::Model { ty });
    let generated = emit::impls(
        &block.self_ty,
        &class,
        &methods,
        &invariants,
        options.unit,
        &pools,
        model.as_ref(),
    );
    Ok(quote!(#block #generated))
}

/// Whether `block`, which carries `#[testspace::subject]` (with `attr` its arguments),
/// expands without errors: `#[testspace::mutants]` makes no copies of a module whose subject
/// does not, so that each error is reported once, by gold's expansion.
pub(crate) fn declarable(block: &ItemImpl, attr: TokenStream) -> bool {
    let Ok(options) = Options::parse(attr) else {
        return false;
    };
    let mut block = block.clone();
    check_block(&block, options.name).is_ok() && methods(&mut block).is_ok()
}

/// The attribute's arguments.
struct Options {
    /// `name = "Other"`: the class name instead of the self type's.
    name: Option<LitStr>,
    /// Whether to emit the `Declared` impl (hidden argument `without_unit` clears it).
    unit: bool,
    /// `model = Model`: the reference model run beside every call.
    model: Option<Type>,
}

impl Options {
    fn parse(attr: TokenStream) -> syn::Result<Self> {
        let mut options = Options {
            name: None,
            unit: true,
            model: None,
        };
        let parser = syn::meta::parser(|meta| {
            if meta.path.is_ident("name") {
                let name: LitStr = meta.value()?.parse()?;
                if name.value().is_empty() || name.value().contains(char::is_whitespace) {
                    return Err(syn::Error::new_spanned(
                        name,
                        "a class name is one word, as used on the command line",
                    ));
                }
                options.name = Some(name);
                Ok(())
            } else if meta.path.is_ident("model") {
                if options.model.is_some() {
                    return Err(meta.error("`model` is given twice"));
                }
                options.model = Some(meta.value()?.parse()?);
                Ok(())
            } else if meta.path.is_ident("without_unit") {
                options.unit = false;
                Ok(())
            } else {
                Err(meta.error(
                    "unknown argument of #[testspace::subject]; they are `name = \"Class\"`, \
                     the class name to use instead of the type's, and `model = Model`, a \
                     reference model run beside every call",
                ))
            }
        });
        syn::parse::Parser::parse2(parser, attr)?;
        Ok(options)
    }
}

/// Checks that `block` is an inherent impl of one concrete type; returns the class name.
fn check_block(block: &ItemImpl, name: Option<LitStr>) -> syn::Result<LitStr> {
    if let Some((_, path, _)) = &block.trait_ {
        return Err(syn::Error::new_spanned(
            path,
            "#[testspace::subject] goes on an inherent impl block (`impl Ring { … }`), \
             not on a trait impl",
        ));
    }
    if !block.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &block.generics,
            "a subject is one concrete type, and this impl block is generic; name an \
             instance with an alias (`type IntRing = Ring<i32>;`) and put \
             #[testspace::subject] on `impl IntRing { … }`",
        ));
    }
    if let Some(name) = name {
        return Ok(name);
    }
    match &*block.self_ty {
        Type::Path(path) if path.qself.is_none() => {
            let last = path.path.segments.last().expect("a path has a segment");
            Ok(LitStr::new(
                &last.ident.unraw().to_string(),
                last.ident.span(),
            ))
        }
        other => Err(syn::Error::new_spanned(
            other,
            "the self type of a subject must be a named type (a struct, an enum or an \
             alias); or give the class name: #[testspace::subject(name = \"Class\")]",
        )),
    }
}

/// How a method is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// No receiver, returns the subject: a constructor.
    Constructor,
    /// No receiver otherwise.
    Static,
    /// `&self`.
    Ref,
    /// `&mut self`.
    Mut,
    /// `self`: runs on a clone of the target.
    Value,
}

/// One method of the subject, mapped.
pub(crate) struct Method {
    /// The function's name as written (the call).
    pub ident: syn::Ident,
    /// The method's name in the subject (the function's, without `r#`).
    pub name: String,
    pub kind: Kind,
    pub args: Vec<Shape>,
    pub returns: Returns,
}

/// An invariant of the subject: `#[testspace(invariant)] fn name(&self) -> bool` (or
/// `-> Result<(), E>`), checked after every call on the object it ran on or made.
pub(crate) struct Invariant {
    /// The function's name as written.
    pub ident: syn::Ident,
    /// Whether it returns a `Result` (`Err` is a violation) rather than a `bool`.
    pub result: bool,
}

/// The methods of `block` the harness may call and its invariants (strips the helper
/// attributes of every function); every error if some cannot be declared.
fn methods(block: &mut ItemImpl) -> Result<(Vec<Method>, Vec<Invariant>), syn::Error> {
    let self_ty = (*block.self_ty).clone();
    let mut methods = Vec::new();
    let mut invariants = Vec::new();
    let mut errors: Vec<syn::Error> = Vec::new();
    for item in &mut block.items {
        let ImplItem::Fn(function) = item else {
            continue;
        };
        match role(function) {
            Ok(Role::Skipped) => continue,
            Ok(Role::Invariant) => match invariant(function) {
                Ok(found) => invariants.push(found),
                Err(error) => errors.push(error),
            },
            Ok(Role::Method) if matches!(function.vis, Visibility::Inherited) => continue,
            Ok(Role::Method) => match method(function, &self_ty) {
                Ok(method) => methods.push(method),
                Err(error) => errors.push(error),
            },
            Err(error) => errors.push(error),
        }
    }
    if errors.is_empty()
        && let Err(error) = check_methods(&methods, &self_ty)
    {
        errors.push(error);
    }
    match errors.into_iter().reduce(|mut all, error| {
        all.combine(error);
        all
    }) {
        Some(errors) => Err(errors),
        None => Ok((methods, invariants)),
    }
}

/// What a function of the block is to the harness.
enum Role {
    /// A method of the table (if public).
    Method,
    /// `#[testspace(skip)]`: left out.
    Skipped,
    /// `#[testspace(invariant)]`: checked after every call, not called itself.
    Invariant,
}

/// The role `function`'s `#[testspace(...)]` attributes give it; removes them.
fn role(function: &mut ImplItemFn) -> syn::Result<Role> {
    let mut role = Role::Method;
    let mut result = Ok(());
    function.attrs.retain(|attr| {
        if !attr.path().is_ident("testspace") {
            return true;
        }
        let parsed = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("skip") {
                role = Role::Skipped;
                Ok(())
            } else if meta.path.is_ident("invariant") {
                role = Role::Invariant;
                Ok(())
            } else {
                Err(meta.error(
                    "unknown testspace option; on a method it is `#[testspace(skip)]`, \
                     which leaves the method out, or `#[testspace(invariant)]`, which \
                     checks it after every call",
                ))
            }
        });
        if let Err(error) = parsed {
            result = Err(error);
        }
        false
    });
    result.map(|()| role)
}

/// An invariant's signature: `fn name(&self) -> bool` or `-> Result<(), E>`.
fn invariant(function: &ImplItemFn) -> syn::Result<Invariant> {
    let sig = &function.sig;
    let shaped = sig.inputs.len() == 1
        && matches!(sig.inputs.first(), Some(FnArg::Receiver(r)) if r.reference.is_some() && r.mutability.is_none() && r.colon_token.is_none())
        && sig.generics.params.is_empty()
        && sig.asyncness.is_none()
        && sig.unsafety.is_none();
    let returns = match &sig.output {
        syn::ReturnType::Type(_, ty) => match &**ty {
            Type::Path(p) if p.path.is_ident("bool") => Some(false),
            Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Result") => {
                Some(true)
            }
            _ => None,
        },
        syn::ReturnType::Default => None,
    };
    match (shaped, returns) {
        (true, Some(result)) => Ok(Invariant {
            ident: sig.ident.clone(),
            result,
        }),
        _ => Err(syn::Error::new_spanned(
            sig,
            format!(
                "invariant `{}` must be `fn {}(&self) -> bool` or `-> Result<(), E>`: it is \
                 checked on the object after every call",
                sig.ident, sig.ident
            ),
        )),
    }
}

/// The mapping of one public method.
fn method(function: &ImplItemFn, self_ty: &Type) -> syn::Result<Method> {
    let sig = &function.sig;
    let name = sig.ident.unraw().to_string();
    check_signature(sig, &name)?;
    let me = SelfType {
        ty: self_ty,
        method: &name,
    };
    let mut receiver = None;
    let mut args = Vec::new();
    for (position, input) in sig.inputs.iter().enumerate() {
        match input {
            FnArg::Receiver(r) if r.colon_token.is_some() => {
                return Err(syn::Error::new_spanned(
                    r,
                    format!(
                        "`{name}` has a typed receiver; testspace calls methods on \
                         `self`, `&self` or `&mut self` only (or leave the method out \
                         with #[testspace(skip)])"
                    ),
                ));
            }
            FnArg::Receiver(r) => {
                receiver = Some(match (&r.reference, &r.mutability) {
                    (Some(_), Some(_)) => Kind::Mut,
                    (Some(_), None) => Kind::Ref,
                    (None, _) => Kind::Value,
                });
            }
            FnArg::Typed(typed) => {
                let param = match &*typed.pat {
                    Pat::Ident(ident) => ident.ident.unraw().to_string(),
                    _ => format!("#{position}"),
                };
                args.push(types::arg(&typed.ty, &param, &me)?);
            }
        }
    }
    let returns = types::returns(&sig.output, &me)?;
    let kind = match receiver {
        Some(kind) => kind,
        None if returns.out.constructs() => Kind::Constructor,
        None => Kind::Static,
    };
    Ok(Method {
        ident: sig.ident.clone(),
        name,
        kind,
        args,
        returns,
    })
}

/// Refuses what the harness cannot call: generic, `async`, `unsafe` and `extern` fns.
fn check_signature(sig: &syn::Signature, name: &str) -> syn::Result<()> {
    let skip = "or leave the method out with #[testspace(skip)]";
    let refused = |tokens: &dyn quote::ToTokens, what: &str, change: &str| {
        Err(syn::Error::new_spanned(
            tokens,
            format!("`{name}` {what}; {change}, {skip}"),
        ))
    };
    if let Some(param) = sig.generics.type_params().next() {
        return refused(
            param,
            &format!("is generic over `{}`", param.ident),
            "testspace calls it with pool values of fixed types, so write a wrapper \
             with concrete parameter types",
        );
    }
    if let Some(param) = sig.generics.const_params().next() {
        return refused(
            param,
            &format!("is generic over the constant `{}`", param.ident),
            "write a wrapper that fixes it",
        );
    }
    if let Some(token) = &sig.asyncness {
        return refused(
            token,
            "is async",
            "the harness calls methods synchronously, so write a blocking wrapper",
        );
    }
    if let Some(token) = &sig.unsafety {
        return refused(
            token,
            "is unsafe",
            "the harness calls methods with arbitrary pool values, so write a safe \
             wrapper that upholds its contract",
        );
    }
    if let Some(abi) = &sig.abi {
        return refused(abi, "has an `extern` ABI", "write a Rust wrapper");
    }
    Ok(())
}

/// Refuses a subject without a constructor, and two methods with one signature.
fn check_methods(methods: &[Method], self_ty: &Type) -> syn::Result<()> {
    if !methods.iter().any(|m| m.kind == Kind::Constructor) {
        return Err(syn::Error::new_spanned(
            self_ty,
            "this subject has no constructor, so its object pool could never fill and \
             no instance method could run; add `pub fn new(...) -> Self` (or another \
             public associated fn returning Self, Option<Self> or Result<Self, E>)",
        ));
    }
    let mut seen: Vec<(String, &syn::Ident)> = Vec::new();
    for method in methods {
        let params: Vec<&str> = method.args.iter().map(|a| a.param()).collect();
        let signature = format!("{}({})", method.name, params.join(","));
        if let Some((_, first)) = seen.iter().find(|(s, _)| *s == signature) {
            let mut error = syn::Error::new_spanned(
                &method.ident,
                format!(
                    "`{}` and `{first}` would both be the method {signature}; rename \
                     one, or leave it out with #[testspace(skip)]",
                    method.ident
                ),
            );
            error.combine(syn::Error::new_spanned(first, "the first is here"));
            return Err(error);
        }
        seen.push((signature, &method.ident));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    fn expanded(block: ItemImpl) -> String {
        expand(TokenStream::new(), quote!(#block))
            .unwrap()
            .to_string()
    }

    /// The errors of expanding `block` (with the block itself, if it parsed): a refused
    /// block gets no generated impls.
    fn error(attr: TokenStream, block: ItemImpl) -> String {
        let out = expand(attr, quote!(#block)).map_or_else(|e| e.to_string(), |t| t.to_string());
        assert!(!out.contains("impl :: testspace"), "{out}");
        out
    }

    #[test]
    fn public_methods_are_declared_in_order_and_the_rest_left_out() {
        let mut block: ItemImpl = parse_quote! {
            impl Ring {
                pub fn new(capacity: u8) -> Self { todo!() }
                pub(crate) fn push(&mut self, x: i32) -> Result<(), RingError> { todo!() }
                fn helper(&self) {}
                #[testspace(skip)] pub fn iter(&self) -> std::slice::Iter<'_, i32> { todo!() }
                #[testspace(skip)] fn other<T>(&self) {}
                pub fn consume(self) -> Option<i64> { todo!() }
                pub fn parse(text: &str) -> bool { todo!() }
            }
        };
        let (methods, _) = methods(&mut block).unwrap();
        let names: Vec<(&str, Kind)> = methods.iter().map(|m| (&*m.name, m.kind)).collect();
        assert_eq!(
            names,
            [
                ("new", Kind::Constructor),
                ("push", Kind::Mut),
                ("consume", Kind::Value),
                ("parse", Kind::Static)
            ]
        );
        assert!(!quote!(#block).to_string().contains("testspace"));
    }

    #[test]
    fn invariants_are_checked_after_every_call_and_left_out_of_the_table() {
        let mut block: ItemImpl = parse_quote! {
            impl Ledger {
                pub fn new() -> Self { todo!() }
                pub fn deposit(&mut self, x: i32) { todo!() }
                #[testspace(invariant)] fn solvent(&self) -> bool { true }
                #[testspace(invariant)] pub fn counted(&self) -> Result<(), LedgerError> { Ok(()) }
            }
        };
        let text = expanded(block.clone());
        let (methods, invariants) = methods(&mut block).unwrap();
        let names: Vec<&str> = methods.iter().map(|m| &*m.name).collect();
        assert_eq!(names, ["new", "deposit"]);
        let invariants: Vec<(String, bool)> = invariants
            .iter()
            .map(|i| (i.ident.to_string(), i.result))
            .collect();
        assert_eq!(
            invariants,
            [
                ("solvent".to_string(), false),
                ("counted".to_string(), true)
            ]
        );
        assert!(
            text.contains("invariant `{}` violated after `{}`"),
            "{text}"
        );
        assert_eq!(text.matches("< Self > :: solvent").count(), 2, "{text}");
    }

    #[test]
    fn an_invariant_of_another_shape_is_refused() {
        for block in [
            quote!(impl L { pub fn new() -> Self { todo!() } #[testspace(invariant)] fn ok(&mut self) -> bool { true } }),
            quote!(impl L { pub fn new() -> Self { todo!() } #[testspace(invariant)] fn ok(&self, x: i32) -> bool { true } }),
            quote!(impl L { pub fn new() -> Self { todo!() } #[testspace(invariant)] fn ok(&self) -> i32 { 0 } }),
        ] {
            let out = error(TokenStream::new(), syn::parse2(block).unwrap());
            assert!(
                out.contains("invariant `ok` must be `fn ok(&self) -> bool` or `-> Result<(), E>`"),
                "{out}"
            );
        }
    }

    #[test]
    fn the_expansion_declares_the_subject_and_its_unit() {
        let text = expanded(parse_quote! {
            impl Ring { pub fn new() -> Self { todo!() } }
        });
        assert!(
            text.contains("const CLASS : & 'static str = \"Ring\""),
            "{text}"
        );
        assert!(text.contains("impl :: testspace :: subject :: Declared for Ring"));
        let text = expand(
            quote!(name = "Other", without_unit),
            quote!(impl Ring { pub fn new() -> Self { todo!() } }),
        )
        .unwrap()
        .to_string();
        assert!(text.contains("\"Other\""), "{text}");
        assert!(!text.contains("Declared"), "{text}");
    }

    #[test]
    fn a_model_runs_beside_every_method_and_is_given_once() {
        let block = quote!(impl Ring {
            pub fn new() -> Self { todo!() }
            pub fn push(&mut self, x: i32) -> bool { todo!() }
            pub fn merged(&self, other: &Self) -> Option<Self> { todo!() }
        });
        let text = expand(quote!(model = RingModel), block.clone())
            .unwrap()
            .to_string();
        for expected in [
            "< RingModel > :: new (",
            "< RingModel > :: push (& mut __model ,",
            "model: `{}` returned {}, the model {}",
            "model: after `{}` the state is {:?}, the model's {:?}",
            "model_of :: < Self , RingModel > ()",
        ] {
            assert!(text.contains(expected), "{expected}: {text}");
        }
        let text = error(quote!(model = A, model = B), syn::parse2(block).unwrap());
        assert!(text.contains("`model` is given twice"), "{text}");
    }

    #[test]
    fn refused_blocks_and_methods_say_what_to_change() {
        let none = TokenStream::new();
        let text = error(
            none.clone(),
            parse_quote!(impl Ring { pub fn len(&self) -> usize { 0 } }),
        );
        assert!(text.contains("has no constructor"), "{text}");
        let text = error(
            none.clone(),
            parse_quote!(
                impl<T> Ring<T> {}
            ),
        );
        assert!(text.contains("type IntRing = Ring<i32>;"), "{text}");
        let text = error(none.clone(), parse_quote!(impl Clone for Ring { }));
        assert!(text.contains("not on a trait impl"), "{text}");
        let text = error(quote!(nmae = "X"), parse_quote!(impl Ring { }));
        assert!(text.contains("unknown argument"), "{text}");
        let text = error(
            none.clone(),
            parse_quote! {
                impl Ring {
                    pub fn new() -> Self { todo!() }
                    pub fn map<F>(&self, f: F) {}
                    pub async fn wait(&self) {}
                    pub unsafe fn raw(&self) {}
                    pub extern "C" fn ffi() {}
                    pub fn boxed(self: Box<Self>) {}
                    #[testspace(skpi)] pub fn typo(&self) {}
                }
            },
        );
        for expected in [
            "`map` is generic over `F`",
            "`wait` is async",
            "`raw` is unsafe",
            "`ffi` has an `extern` ABI",
            "`boxed` has a typed receiver",
            "unknown testspace option",
        ] {
            assert!(text.contains(expected), "{expected}: {text}");
        }
    }

    #[test]
    fn two_methods_with_one_signature_are_refused() {
        let methods = vec![
            Method {
                ident: parse_quote!(r#get),
                name: "get".into(),
                kind: Kind::Constructor,
                args: Vec::new(),
                returns: types::returns(
                    &parse_quote!(-> Self),
                    &SelfType {
                        ty: &parse_quote!(Ring),
                        method: "get",
                    },
                )
                .unwrap(),
            },
            Method {
                ident: parse_quote!(get),
                name: "get".into(),
                kind: Kind::Ref,
                args: Vec::new(),
                returns: types::returns(
                    &parse_quote!(),
                    &SelfType {
                        ty: &parse_quote!(Ring),
                        method: "get",
                    },
                )
                .unwrap(),
            },
        ];
        let text = check_methods(&methods, &parse_quote!(Ring))
            .unwrap_err()
            .to_string();
        assert!(text.contains("would both be the method get()"), "{text}");
    }
}
