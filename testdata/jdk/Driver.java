// The Java side of testspace's differential test (tests/jdk_differential.rs): runs
// canonical-form-3 test cases on the real java.util classes of the JDK it runs on.
//
// One process serves one unit. Protocol (stdin → stdout, one record per line, fields separated
// by single spaces; a string field is `~` for null or `'` followed by the percent-encoded
// UTF-8 text):
//
//   class <java class name>                  e.g. class java.util.ArrayList
//   known <n> <name>…                        testspace's exception names (JavaException::java_name)
//   ints <n> <int>…                          initial int pool
//   bools <n> <true|false>…                  initial bool pool
//   strings <n> <string>…                    initial string pool
//   objects <n>                              object pool size (slots start null)
//   methods <m>                              then m lines:
//   <C|S|I> <name> <V|I|B|S|O> <k> <p>…      kind, Java name, return pool, k params among
//                                            i (int) n (Integer) b (boolean) s (String) o (unit)
// The driver answers `ready` (or `error <message>` and exits). Then, per test case:
//   seq <len>                                then len lines: <method number> <slot>…
// (slots in canonical order: parameters, then target for instance methods, then the return
// slot for constructors and non-void methods). The driver answers one line per call,
//   <outcome> <int>… <bool>… <string>… <object>…
// the outcome being `ok` or the exception's name, followed by every pool after the call
// (objects as their toString(), `!<exception>` if toString throws), then `done`.
//
// Semantics mirror src/subject/harness.rs: a null `int` argument or a null target throws
// NullPointerException without calling; an object-pool argument is a snapshot (a deep copy,
// see deepCopy); results go to the return slot.

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

public final class Driver {

    // ===================================================================================
    // ADAPTERS: the only unit-specific code. Everything else is generic over the class.
    // ===================================================================================

    /** EnumMap's key type: the Rust port's `Key { K0, K1, K2, K3 }`. */
    enum Key { K0, K1, K2, K3 }

    /** Methods of EnumMap whose first parameter is a key (int k in [0, 4) is Key.Kk). */
    static final Set<String> ENUM_MAP_KEY_METHODS = Set.of(
            "put", "get", "containsKey", "remove", "getOrDefault", "putIfAbsent", "replace");

    /** A constructor or method the generic resolution cannot express, or null. */
    static Invoker adaptInvoker(Class<?> unit, Spec spec) {
        if (unit == EnumMap.class && spec.kind == 'C' && spec.params.length == 0) {
            return (target, args) -> new EnumMap<Key, Object>(Key.class); // EnumMap() of the port
        }
        return null;
    }

    /** An argument as the unit expects it (param is the testspace parameter type). */
    static Object adaptArgument(Class<?> unit, Spec spec, int index, Object value) {
        if (unit == EnumMap.class && index == 0 && spec.params[0] == 'n'
                && ENUM_MAP_KEY_METHODS.contains(spec.name) && value instanceof Integer) {
            int k = (Integer) value;
            if (k >= 0 && k < Key.values().length) {
                return Key.values()[k]; // any other Integer stays: a key of the wrong type
            }
        }
        return value;
    }

    /** A result as the Rust port reports it. */
    static Object adaptResult(Object value) {
        return value instanceof Key ? Integer.valueOf(((Key) value).ordinal()) : value;
    }

    // ===================================================================================
    // Generic part.
    // ===================================================================================

    interface Invoker {
        Object invoke(Object target, Object[] args) throws Throwable;
    }

    /** One testspace method: kind C/S/I, Java name, return pool V/I/B/S/O, params. */
    static final class Spec {
        char kind;
        String name;
        char returns;
        char[] params;
        Invoker invoker;

        String signature() {
            StringBuilder b = new StringBuilder(name).append('(');
            for (int i = 0; i < params.length; i++) {
                b.append(i == 0 ? "" : ",").append(params[i]);
            }
            return b.append(')').toString();
        }
    }

    static Class<?> unit;
    static Set<String> known = new HashSet<>();
    static Integer[] initInts;
    static boolean[] initBools;
    static String[] initStrings;
    static int objectCount;
    static Spec[] specs;

    static Integer[] ints;
    static boolean[] bools;
    static String[] strings;
    static Object[] objects;
    /** Every Integer a test case has put in the int pool, kept strongly reachable so that a
     *  WeakHashMap never loses an entry to the garbage collector (the port has none). */
    static final List<Object> keepAlive = new ArrayList<>();

    public static void main(String[] argv) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)));
        try {
            readHeader(in);
        } catch (Exception e) {
            out.println("error " + e);
            out.flush();
            System.exit(2);
        }
        out.println("ready");
        out.flush();
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.split(" ");
            if (!f[0].equals("seq")) {
                out.println("error expected seq, got " + line);
                out.flush();
                System.exit(2);
            }
            int len = Integer.parseInt(f[1]);
            reset();
            for (int i = 0; i < len; i++) {
                String[] call = in.readLine().split(" ");
                int[] slots = new int[call.length - 1];
                for (int s = 0; s < slots.length; s++) {
                    slots[s] = Integer.parseInt(call[s + 1]);
                }
                String outcome = step(specs[Integer.parseInt(call[0])], slots);
                out.print(outcome);
                printPools(out);
                out.println();
            }
            out.println("done");
            out.flush();
        }
    }

    static void readHeader(BufferedReader in) throws Exception {
        unit = Class.forName(fields(in, "class")[1]);
        String[] k = fields(in, "known");
        for (int i = 2; i < k.length; i++) {
            known.add(k[i]);
        }
        String[] f = fields(in, "ints");
        initInts = new Integer[Integer.parseInt(f[1])];
        for (int i = 0; i < initInts.length; i++) {
            initInts[i] = Integer.valueOf(f[i + 2]);
        }
        f = fields(in, "bools");
        initBools = new boolean[Integer.parseInt(f[1])];
        for (int i = 0; i < initBools.length; i++) {
            initBools[i] = Boolean.parseBoolean(f[i + 2]);
        }
        f = fields(in, "strings");
        initStrings = new String[Integer.parseInt(f[1])];
        for (int i = 0; i < initStrings.length; i++) {
            initStrings[i] = decode(f[i + 2]);
        }
        objectCount = Integer.parseInt(fields(in, "objects")[1]);
        specs = new Spec[Integer.parseInt(fields(in, "methods")[1])];
        for (int m = 0; m < specs.length; m++) {
            String[] s = in.readLine().split(" ");
            Spec spec = new Spec();
            spec.kind = s[0].charAt(0);
            spec.name = s[1];
            spec.returns = s[2].charAt(0);
            spec.params = new char[Integer.parseInt(s[3])];
            for (int p = 0; p < spec.params.length; p++) {
                spec.params[p] = s[4 + p].charAt(0);
            }
            spec.invoker = resolve(spec);
            specs[m] = spec;
        }
        collectSharedObjects(unit);
    }

    static String[] fields(BufferedReader in, String key) throws Exception {
        String line = in.readLine();
        if (line == null || !line.startsWith(key + " ") && !line.equals(key)) {
            throw new IllegalStateException("expected " + key + ", got " + line);
        }
        return line.split(" ");
    }

    static void reset() {
        ints = initInts.clone();
        bools = initBools.clone();
        strings = initStrings.clone();
        objects = new Object[objectCount];
        keepAlive.clear();
    }

    /** Runs one call; returns `ok` or the exception's name. */
    static String step(Spec spec, int[] slots) {
        Object[] args = new Object[spec.params.length];
        for (int i = 0; i < args.length; i++) {
            int slot = slots[i];
            Object value;
            switch (spec.params[i]) {
                case 'i':
                    if (ints[slot] == null) {
                        return name(NullPointerException.class); // unboxing null
                    }
                    value = ints[slot];
                    break;
                case 'n': value = ints[slot]; break;
                case 'b': value = bools[slot]; break;
                case 's': value = strings[slot]; break;
                case 'o': value = deepCopy(objects[slot], new IdentityHashMap<>()); break;
                default: throw new IllegalStateException("parameter type " + spec.params[i]);
            }
            args[i] = adaptArgument(unit, spec, i, value);
        }
        int next = args.length;
        Object target = null;
        if (spec.kind == 'I') {
            target = objects[slots[next++]];
            if (target == null) {
                return name(NullPointerException.class);
            }
        }
        Object result;
        try {
            result = adaptResult(spec.invoker.invoke(target, args));
        } catch (InvocationTargetException e) {
            return name(e.getCause().getClass());
        } catch (IllegalArgumentException | IllegalAccessException e) {
            return "DRIVER-ERROR:" + e.getClass().getSimpleName(); // reflection, not the unit
        } catch (Throwable e) {
            return name(e.getClass());
        }
        if (spec.returns != 'V') {
            int slot = slots[next];
            try {
                switch (spec.returns) {
                    case 'I': ints[slot] = (Integer) result; keepAlive.add(result); break;
                    case 'B': bools[slot] = (Boolean) result; break;
                    case 'S': strings[slot] = (String) result; break;
                    case 'O': objects[slot] = unit.cast(result); break;
                    default: throw new IllegalStateException("return type " + spec.returns);
                }
            } catch (ClassCastException e) {
                return "DRIVER-ERROR:result-type-" + result.getClass().getSimpleName();
            }
        }
        return "ok";
    }

    /** testspace's name of an exception class: the nearest superclass testspace knows. */
    static String name(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (known.contains(k.getSimpleName())) {
                return k.getSimpleName();
            }
        }
        return c.getSimpleName();
    }

    static void printPools(PrintWriter out) {
        for (Integer v : ints) {
            out.print(v == null ? " ~" : " " + v);
        }
        for (boolean v : bools) {
            out.print(v ? " true" : " false");
        }
        for (String v : strings) {
            out.print(' ');
            out.print(encode(v));
        }
        for (Object o : objects) {
            out.print(' ');
            if (o == null) {
                out.print('~');
            } else {
                String text;
                try {
                    text = o.toString();
                } catch (Throwable e) {
                    out.print("!" + name(e.getClass()));
                    continue;
                }
                out.print(encode(text));
            }
        }
    }

    // ----- method resolution -----------------------------------------------------------

    /** The Java constructor or method of a testspace method: same name and arity, every
     *  parameter accepting its pool's values, the most specific such one. */
    static Invoker resolve(Spec spec) throws Exception {
        Invoker adapted = adaptInvoker(unit, spec);
        if (adapted != null) {
            return adapted;
        }
        List<Executable> candidates = new ArrayList<>();
        if (spec.kind == 'C') {
            for (Constructor<?> c : unit.getConstructors()) {
                if (accepts(c, spec)) {
                    candidates.add(c);
                }
            }
        } else {
            for (Method m : unit.getMethods()) {
                boolean isStatic = Modifier.isStatic(m.getModifiers());
                if (m.getName().equals(spec.name) && isStatic == (spec.kind == 'S') && accepts(m, spec)) {
                    candidates.add(m);
                }
            }
        }
        Executable best = null;
        for (Executable c : candidates) {
            boolean mostSpecific = true;
            for (Executable other : candidates) {
                if (!moreSpecific(c, other)) {
                    mostSpecific = false;
                    break;
                }
            }
            if (mostSpecific && (best == null || isBridge(best))) {
                best = c;
            }
        }
        if (best == null) {
            throw new NoSuchMethodException(unit.getName() + "." + spec.signature()
                    + ": no unique match among " + candidates);
        }
        if (best instanceof Constructor) {
            Constructor<?> c = (Constructor<?>) best;
            return (target, args) -> c.newInstance(args);
        }
        Method m = (Method) best;
        if (spec.returns == 'V' && m.getReturnType() != void.class) {
            throw new NoSuchMethodException(m + " is not void, but " + spec.signature() + " is");
        }
        if (m.getReturnType() == int.class) {
            // Box as Java code does (`Integer r = x.size();` is Integer.valueOf): reflection's
            // own boxing sometimes allocates a fresh Integer, and identity matters to
            // IdentityHashMap.
            return (target, args) -> Integer.valueOf((Integer) m.invoke(target, args));
        }
        return m::invoke;
    }

    static boolean isBridge(Executable e) {
        return e instanceof Method && ((Method) e).isBridge();
    }

    static boolean accepts(Executable e, Spec spec) {
        Class<?>[] types = e.getParameterTypes();
        if (types.length != spec.params.length) {
            return false;
        }
        for (int i = 0; i < types.length; i++) {
            Class<?> t = types[i];
            boolean ok;
            switch (spec.params[i]) {
                case 'i': ok = t == int.class; break;
                case 'b': ok = t == boolean.class; break;
                case 'n': ok = t.isAssignableFrom(Integer.class); break;
                case 's': ok = t.isAssignableFrom(String.class); break;
                case 'o': ok = t.isAssignableFrom(unit); break;
                default: ok = false;
            }
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    static boolean moreSpecific(Executable a, Executable b) {
        Class<?>[] x = a.getParameterTypes();
        Class<?>[] y = b.getParameterTypes();
        for (int i = 0; i < x.length; i++) {
            if (!y[i].isAssignableFrom(x[i])) {
                return false;
            }
        }
        return true;
    }

    // ----- snapshots -------------------------------------------------------------------
    //
    // The Rust harness passes an object-pool argument as a clone of the pool element, and
    // the ports' Clone copies their whole internal state (capacity, modCount, bucket order,
    // tree shape). A copy constructor or clone() would rebuild the table instead (HashMap's
    // clone re-inserts into a table sized for the current size), which can change iteration
    // order and so the order in which putAll inserts. So the driver copies the argument
    // structurally: every object of a java.util class and every array reachable from it is
    // copied field by field; anything else (Integer, String, enum constants, Object
    // sentinels, reference queues) is shared, and so are objects held in static fields of
    // the unit's classes (ArrayList's DEFAULTCAPACITY_EMPTY_ELEMENTDATA, EnumMap's NULL, …),
    // whose identity the JDK code compares.

    static final sun.misc.Unsafe UNSAFE = unsafe();
    static final Set<Object> shared = Collections.newSetFromMap(new IdentityHashMap<>());
    static final Map<Class<?>, Field[]> instanceFields = new HashMap<>();

    static sun.misc.Unsafe unsafe() {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static void collectSharedObjects(Class<?> c) throws Exception {
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            collectStatics(k);
        }
    }

    static void collectStatics(Class<?> k) throws Exception {
        Class.forName(k.getName(), true, k.getClassLoader());
        for (Field f : k.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
                Object value = UNSAFE.getObject(UNSAFE.staticFieldBase(f), UNSAFE.staticFieldOffset(f));
                if (value != null) {
                    shared.add(value);
                }
            }
        }
        for (Class<?> member : k.getDeclaredClasses()) {
            collectStatics(member);
        }
    }

    static Object deepCopy(Object o, IdentityHashMap<Object, Object> memo) {
        if (o == null || shared.contains(o)) {
            return o;
        }
        Object done = memo.get(o);
        if (done != null) {
            return done;
        }
        Class<?> c = o.getClass();
        if (c.isArray()) {
            int n = Array.getLength(o);
            Object copy = Array.newInstance(c.getComponentType(), n);
            memo.put(o, copy);
            if (c.getComponentType().isPrimitive()) {
                System.arraycopy(o, 0, copy, 0, n);
            } else {
                Object[] from = (Object[]) o;
                Object[] to = (Object[]) copy;
                for (int i = 0; i < n; i++) {
                    to[i] = deepCopy(from[i], memo);
                }
            }
            return copy;
        }
        if (!c.getName().startsWith("java.util.") || c.isEnum()) {
            return o;
        }
        Object copy;
        try {
            copy = UNSAFE.allocateInstance(c);
        } catch (InstantiationException e) {
            throw new IllegalStateException(e);
        }
        memo.put(o, copy);
        for (Field f : fieldsOf(c)) {
            long at = UNSAFE.objectFieldOffset(f);
            Class<?> t = f.getType();
            if (t == int.class) {
                UNSAFE.putInt(copy, at, UNSAFE.getInt(o, at));
            } else if (t == boolean.class) {
                UNSAFE.putBoolean(copy, at, UNSAFE.getBoolean(o, at));
            } else if (t == float.class) {
                UNSAFE.putFloat(copy, at, UNSAFE.getFloat(o, at));
            } else if (t == long.class) {
                UNSAFE.putLong(copy, at, UNSAFE.getLong(o, at));
            } else if (t == double.class) {
                UNSAFE.putDouble(copy, at, UNSAFE.getDouble(o, at));
            } else if (t == byte.class) {
                UNSAFE.putByte(copy, at, UNSAFE.getByte(o, at));
            } else if (t == short.class) {
                UNSAFE.putShort(copy, at, UNSAFE.getShort(o, at));
            } else if (t == char.class) {
                UNSAFE.putChar(copy, at, UNSAFE.getChar(o, at));
            } else {
                UNSAFE.putObject(copy, at, deepCopy(UNSAFE.getObject(o, at), memo));
            }
        }
        return copy;
    }

    static Field[] fieldsOf(Class<?> c) {
        return instanceFields.computeIfAbsent(c, k -> {
            List<Field> all = new ArrayList<>();
            for (Class<?> s = k; s != null; s = s.getSuperclass()) {
                for (Field f : s.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers())) {
                        all.add(f);
                    }
                }
            }
            return all.toArray(new Field[0]);
        });
    }

    // ----- string fields ---------------------------------------------------------------

    static String encode(String s) {
        if (s == null) {
            return "~";
        }
        StringBuilder b = new StringBuilder("'");
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            int v = x & 0xff;
            if (v > 0x20 && v < 0x7f && v != '%') {
                b.append((char) v);
            } else {
                b.append('%').append(Character.forDigit(v >> 4, 16)).append(Character.forDigit(v & 15, 16));
            }
        }
        return b.toString();
    }

    static String decode(String field) {
        if (field.equals("~")) {
            return null;
        }
        byte[] bytes = new byte[field.length()];
        int n = 0;
        for (int i = 1; i < field.length(); i++) {
            char ch = field.charAt(i);
            if (ch == '%') {
                bytes[n++] = (byte) Integer.parseInt(field.substring(i + 1, i + 3), 16);
                i += 2;
            } else {
                bytes[n++] = (byte) ch;
            }
        }
        return new String(bytes, 0, n, StandardCharsets.UTF_8);
    }
}
