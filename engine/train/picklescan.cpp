#include "engine/train/picklescan.h"

#include <array>
#include <limits>
#include <unordered_map>
#include <utility>

namespace es {

namespace {

// The opcodes of pickle protocol 2, the subset LibTorch's pickler writes and its unpickler
// reads (torch/csrc/jit/serialization/pickler.h).
enum Opcode : unsigned char {
    kMark = '(',
    kStop = '.',
    kPop = '0',
    kPopMark = '1',
    kDup = '2',
    kBinInt = 'J',
    kBinInt1 = 'K',
    kBinInt2 = 'M',
    kNone = 'N',
    kBinPersId = 'Q',
    kReduce = 'R',
    kShortBinString = 'U',
    kBinUnicode = 'X',
    kAppend = 'a',
    kBuild = 'b',
    kGlobal = 'c',
    kDict = 'd',
    kEmptyDict = '}',
    kAppends = 'e',
    kBinGet = 'h',
    kLongBinGet = 'j',
    kList = 'l',
    kEmptyList = ']',
    kBinPut = 'q',
    kLongBinPut = 'r',
    kSetItem = 's',
    kTuple = 't',
    kEmptyTuple = ')',
    kSetItems = 'u',
    kBinFloat = 'G',
    kProto = 0x80,
    kNewObj = 0x81,
    kTuple1 = 0x85,
    kTuple2 = 0x86,
    kTuple3 = 0x87,
    kNewTrue = 0x88,
    kNewFalse = 0x89,
    kLong1 = 0x8a,
    kShortBinUnicode = 0x8c,
    kBinUnicode8 = 0x8d,
    kMemoize = 0x94,
    kFrame = 0x95,
};

enum class Kind { Int, Str, Global, Tuple, List, Dict, Storage, Tensor, Object, Other };

/// One value the pickle builds. Values live in one arena and refer to each other by index,
/// so that neither a deep nesting nor a cycle (a dict put into itself through the memo)
/// can make destruction or the naming walk recurse.
struct Node {
    Kind kind = Kind::Other;
    std::int64_t integer = 0;
    std::string text;                ///< Str; "module.name" for a Global
    std::vector<std::size_t> items;  ///< children; a Dict's are key, value, key, value...
    std::size_t index = 0;           ///< Storage and Tensor: index into the scan's lists
};

// Names deeper than this are cut: a hostile nesting must not make naming quadratic.
constexpr int kMaxNameDepth = 64;
constexpr std::size_t kMaxLabelChars = 200;
// The widest tensor LibTorch builds (c10's dimension limit is far below this).
constexpr std::size_t kMaxDimensions = 64;

std::string hexByte(unsigned char byte)
{
    constexpr std::string_view kDigits = "0123456789abcdef";
    return std::string("0x") + kDigits[byte >> 4] + kDigits[byte & 0xf];
}

bool globalBuildsTensor(std::string_view name)
{
    return name == "torch._utils._rebuild_tensor_v2";
}

/// The globals LibTorch's archives name; any other one is refused, as LibTorch's own loader
/// would refuse most of them later, after reading the storages.
bool globalAllowed(std::string_view module, std::string_view name)
{
    if (module.substr(0, 9) == "__torch__")
        return true;  // the archive's own TorchScript classes
    if (module == "torch")
        return storageElementBytes(name) > 0;
    if (module == "torch._utils")
        return globalBuildsTensor(std::string(module) + "." + std::string(name));
    if (module == "collections")
        return name == "OrderedDict";
    if (module == "torch.jit._pickle") {
        return name == "build_intlist" || name == "build_tensorlist" ||
               name == "build_doublelist" || name == "build_boollist" ||
               name == "build_genericlist" || name == "restore_type_tag";
    }
    return false;
}

class Scanner {
public:
    explicit Scanner(std::string_view bytes) : m_bytes(bytes) {}

    PickleScan run()
    {
        while (true) {
            if (m_at >= m_bytes.size())
                throw PickleError(m_at, "ends without a STOP opcode");
            m_opcodeAt = m_at;
            const auto opcode = static_cast<unsigned char>(m_bytes[m_at++]);
            if (opcode == kStop)
                break;
            step(opcode);
        }
        if (m_stack.empty())
            fail("STOP with nothing on the stack");
        nameTensors(m_stack.back());
        return std::move(m_scan);
    }

private:
    [[noreturn]] void fail(const std::string& message) const
    {
        throw PickleError(m_opcodeAt, message);
    }

    std::string_view take(std::uint64_t count)
    {
        if (count > m_bytes.size() - m_at)
            fail("an argument runs past the end of the pickle");
        const std::string_view part = m_bytes.substr(m_at, static_cast<std::size_t>(count));
        m_at += static_cast<std::size_t>(count);
        return part;
    }

    std::uint64_t littleEndian(std::size_t width)
    {
        const std::string_view part = take(width);
        std::uint64_t value = 0;
        for (std::size_t i = width; i-- > 0;)
            value = (value << 8) | static_cast<unsigned char>(part[i]);
        return value;
    }

    std::string_view line()
    {
        const std::size_t end = m_bytes.find('\n', m_at);
        if (end == std::string_view::npos)
            fail("GLOBAL without its newline");
        const std::size_t length = end - m_at;
        return take(length + 1).substr(0, length);
    }

    std::size_t add(Node node)
    {
        m_nodes.push_back(std::move(node));
        return m_nodes.size() - 1;
    }

    void push(std::size_t node) { m_stack.push_back(node); }
    void push(Node node) { push(add(std::move(node))); }

    std::size_t pop()
    {
        const std::size_t floor = m_marks.empty() ? 0 : m_marks.back();
        if (m_stack.size() <= floor)
            fail("pops an empty stack");
        const std::size_t node = m_stack.back();
        m_stack.pop_back();
        return node;
    }

    std::size_t top()
    {
        const std::size_t floor = m_marks.empty() ? 0 : m_marks.back();
        if (m_stack.size() <= floor)
            fail("needs a value on an empty stack");
        return m_stack.back();
    }

    /// The values pushed since the last MARK, which is dropped.
    std::vector<std::size_t> popToMark()
    {
        if (m_marks.empty())
            fail("needs a MARK that was never pushed");
        const std::size_t mark = m_marks.back();
        m_marks.pop_back();
        std::vector<std::size_t> items(m_stack.begin() + static_cast<std::ptrdiff_t>(mark),
                                       m_stack.end());
        m_stack.resize(mark);
        return items;
    }

    Node& container(std::size_t node, Kind kind, const char* what)
    {
        if (m_nodes[node].kind != kind)
            fail(std::string(what) + " on a value that is not one");
        return m_nodes[node];
    }

    void memoPut(std::uint64_t key) { m_memo[key] = top(); }

    void memoGet(std::uint64_t key)
    {
        const auto found = m_memo.find(key);
        if (found == m_memo.end())
            fail("gets memo entry " + std::to_string(key) + ", which was never put");
        push(found->second);
    }

    void pushInt(std::int64_t value)
    {
        Node node;
        node.kind = Kind::Int;
        node.integer = value;
        push(std::move(node));
    }

    void pushText(std::string_view text)
    {
        Node node;
        node.kind = Kind::Str;
        node.text = text;
        push(std::move(node));
    }

    void pushContainer(Kind kind, std::vector<std::size_t> items)
    {
        Node node;
        node.kind = kind;
        node.items = std::move(items);
        push(std::move(node));
    }

    void step(unsigned char opcode)
    {
        switch (opcode) {
            case kProto: take(1); return;
            case kFrame: take(8); return;
            case kMark: m_marks.push_back(m_stack.size()); return;
            case kPop: pop(); return;
            case kPopMark: popToMark(); return;
            case kDup: push(top()); return;
            case kNone:
            case kNewTrue:
            case kNewFalse: push(Node{}); return;
            case kBinInt:
                pushInt(static_cast<std::int32_t>(static_cast<std::uint32_t>(littleEndian(4))));
                return;
            case kBinInt1: pushInt(static_cast<std::int64_t>(littleEndian(1))); return;
            case kBinInt2: pushInt(static_cast<std::int64_t>(littleEndian(2))); return;
            case kLong1: pushLong(); return;
            case kBinFloat: {
                take(8);
                push(Node{});
                return;
            }
            case kShortBinString:
            case kShortBinUnicode: pushText(take(littleEndian(1))); return;
            case kBinUnicode: pushText(take(littleEndian(4))); return;
            case kBinUnicode8: pushText(take(littleEndian(8))); return;
            case kEmptyTuple: pushContainer(Kind::Tuple, {}); return;
            case kTuple: pushContainer(Kind::Tuple, popToMark()); return;
            case kTuple1:
            case kTuple2:
            case kTuple3: pushTupleOf(opcode - kTuple1 + 1); return;
            case kEmptyList: pushContainer(Kind::List, {}); return;
            case kList: pushContainer(Kind::List, popToMark()); return;
            case kAppend: append({pop()}); return;
            case kAppends: append(popToMark()); return;
            case kEmptyDict: pushContainer(Kind::Dict, {}); return;
            case kDict: pushContainer(Kind::Dict, pairs(popToMark())); return;
            case kSetItem: {
                const std::size_t value = pop();
                const std::size_t key = pop();
                setItems({key, value});
                return;
            }
            case kSetItems: setItems(pairs(popToMark())); return;
            case kBinPut: memoPut(littleEndian(1)); return;
            case kLongBinPut: memoPut(littleEndian(4)); return;
            case kMemoize: memoPut(m_memo.size()); return;
            case kBinGet: memoGet(littleEndian(1)); return;
            case kLongBinGet: memoGet(littleEndian(4)); return;
            case kGlobal: pushGlobal(); return;
            case kReduce: reduce(); return;
            case kNewObj: newObject(); return;
            case kBuild: build(); return;
            case kBinPersId: persistentLoad(); return;
            default: fail("opcode " + hexByte(opcode) + " is not one LibTorch writes");
        }
    }

    void pushLong()
    {
        const std::uint64_t width = littleEndian(1);
        if (width > 8)
            fail("an integer of " + std::to_string(width) + " bytes (LibTorch reads 8 at most)");
        std::uint64_t value = littleEndian(static_cast<std::size_t>(width));
        // Sign-extend: LONG1 is two's complement of `width` bytes.
        if (width > 0 && width < 8 && (value >> (8 * width - 1)) != 0)
            value |= ~std::uint64_t{0} << (8 * width);
        pushInt(static_cast<std::int64_t>(value));
    }

    void pushTupleOf(int count)
    {
        std::vector<std::size_t> items(static_cast<std::size_t>(count));
        for (int i = count; i-- > 0;)
            items[static_cast<std::size_t>(i)] = pop();
        pushContainer(Kind::Tuple, std::move(items));
    }

    std::vector<std::size_t> pairs(std::vector<std::size_t> items)
    {
        if (items.size() % 2 != 0)
            fail("a dict from an odd number of values");
        return items;
    }

    void append(const std::vector<std::size_t>& items)
    {
        Node& list = container(top(), Kind::List, "APPEND");
        list.items.insert(list.items.end(), items.begin(), items.end());
    }

    void setItems(const std::vector<std::size_t>& items)
    {
        const std::size_t target = top();
        // LibTorch's unpickler also sets items on the generic dicts its lists and objects
        // restore to; only real dicts matter for names.
        if (m_nodes[target].kind != Kind::Dict && m_nodes[target].kind != Kind::Object)
            fail("SETITEM on a value that is not a dict");
        Node& dict = m_nodes[target];
        dict.items.insert(dict.items.end(), items.begin(), items.end());
    }

    void pushGlobal()
    {
        const std::string module(line());
        const std::string name(line());
        if (!globalAllowed(module, name))
            fail("global " + module + "." + name + " is not one LibTorch's archives use");
        Node node;
        node.kind = Kind::Global;
        node.text = module + "." + name;
        push(std::move(node));
    }

    /// What REDUCE and NEWOBJ take: the global called (under the arguments) and the
    /// arguments, a tuple.
    std::pair<std::size_t, std::size_t> popCall(const std::string& opcode)
    {
        const std::size_t arguments = pop();
        const std::size_t callable = pop();
        if (m_nodes[callable].kind != Kind::Global)
            fail(opcode + " calls something that is not a global");
        if (m_nodes[arguments].kind != Kind::Tuple)
            fail(opcode + " with arguments that are not a tuple");
        return {callable, arguments};
    }

    void reduce()
    {
        const auto [callable, arguments] = popCall("REDUCE");
        if (globalBuildsTensor(m_nodes[callable].text)) {
            rebuildTensor(arguments);
            return;
        }
        // The call's result refers to its arguments rather than copying them: a memoized
        // tuple called K times must not cost K times its size.
        pushContainer(Kind::Object, {arguments});
    }

    void newObject()
    {
        popCall("NEWOBJ");
        pushContainer(Kind::Object, {});
    }

    void build()
    {
        const std::size_t state = pop();
        Node& object = m_nodes[top()];
        if (object.kind != Kind::Object)
            fail("BUILD on a value that is not an object");
        object.items.push_back(state);
    }

    std::int64_t integerAt(const std::vector<std::size_t>& items, std::size_t position,
                           const char* what)
    {
        if (position >= items.size() || m_nodes[items[position]].kind != Kind::Int)
            fail(std::string(what) + " is not an integer");
        return m_nodes[items[position]].integer;
    }

    std::vector<std::int64_t> integerTuple(const std::vector<std::size_t>& items,
                                           std::size_t position, const char* what)
    {
        if (position >= items.size() || m_nodes[items[position]].kind != Kind::Tuple)
            fail(std::string(what) + " is not a tuple");
        // Read in place, and its length checked first: the tuple may be large and shared.
        const std::vector<std::size_t>& elements = m_nodes[items[position]].items;
        if (elements.size() > kMaxDimensions)
            fail(std::string(what) + " has " + std::to_string(elements.size()) + " dimensions");
        std::vector<std::int64_t> values;
        for (std::size_t i = 0; i < elements.size(); ++i)
            values.push_back(integerAt(elements, i, what));
        return values;
    }

    void persistentLoad()
    {
        const std::size_t id = pop();
        const Node& tuple = m_nodes[id];
        const auto textAt = [&](std::size_t position, Kind kind) -> const std::string* {
            if (tuple.kind != Kind::Tuple || position >= tuple.items.size())
                return nullptr;
            const Node& item = m_nodes[tuple.items[position]];
            return item.kind == kind ? &item.text : nullptr;
        };
        constexpr std::string_view kTorch = "torch.";
        const std::string* tag = textAt(0, Kind::Str);
        const std::string* type = textAt(1, Kind::Global);
        if (type != nullptr && (type->compare(0, kTorch.size(), kTorch) != 0 ||
                                storageElementBytes(type->substr(kTorch.size())) == 0))
            type = nullptr;
        const std::string* key = textAt(2, Kind::Str);
        const std::string* location = textAt(3, Kind::Str);
        if (tuple.kind != Kind::Tuple || tuple.items.size() != 5 || tag == nullptr ||
            *tag != "storage" || type == nullptr || key == nullptr || location == nullptr)
            fail("a persistent id that is not (\"storage\", type, key, location, size)");
        const std::int64_t elements = integerAt(tuple.items, 4, "a storage's size");
        if (elements < 0)
            fail("a storage of " + std::to_string(elements) + " elements");
        PickledStorage storage;
        storage.key = *key;
        storage.type = type->substr(kTorch.size());
        storage.elements = elements;
        m_scan.storages.push_back(std::move(storage));
        Node node;
        node.kind = Kind::Storage;
        node.index = m_scan.storages.size() - 1;
        push(std::move(node));
    }

    void rebuildTensor(std::size_t argumentsNode)
    {
        // Nothing below adds a node, so the reference into the arena stays valid.
        const std::vector<std::size_t>& arguments = m_nodes[argumentsNode].items;
        if (arguments.empty() || m_nodes[arguments[0]].kind != Kind::Storage)
            fail("_rebuild_tensor_v2 without a storage");
        PickledTensor tensor;
        tensor.storage = m_nodes[arguments[0]].index;
        tensor.offset = integerAt(arguments, 1, "a tensor's storage offset");
        tensor.sizes = integerTuple(arguments, 2, "a tensor's size");
        tensor.strides = integerTuple(arguments, 3, "a tensor's stride");
        if (tensor.sizes.size() != tensor.strides.size())
            fail("a tensor with " + std::to_string(tensor.sizes.size()) + " sizes and " +
                 std::to_string(tensor.strides.size()) + " strides");
        m_scan.tensors.push_back(std::move(tensor));
        Node node;
        node.kind = Kind::Tensor;
        node.index = m_scan.tensors.size() - 1;
        push(std::move(node));
    }

    /// Names every tensor by the first path that reaches it from `root`, breadth first, so
    /// that the shortest name wins and no nesting makes the walk recurse.
    void nameTensors(std::size_t root)
    {
        struct Visit {
            std::size_t parent;
            std::string label;
            int depth;
        };
        constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
        std::vector<Visit> visits(m_nodes.size(), Visit{kNone, {}, -1});
        std::vector<std::size_t> queue{root};
        visits[root].depth = 0;
        for (std::size_t next = 0; next < queue.size(); ++next) {
            const std::size_t node = queue[next];
            const Node& value = m_nodes[node];
            const auto reach = [&](std::size_t child, std::string label) {
                if (visits[child].depth >= 0)
                    return;
                if (label.size() > kMaxLabelChars)
                    label = label.substr(0, kMaxLabelChars) + "...";
                visits[child] = {node, std::move(label), visits[node].depth + 1};
                queue.push_back(child);
            };
            if (value.kind == Kind::Dict) {
                for (std::size_t i = 0; i + 1 < value.items.size(); i += 2) {
                    const Node& key = m_nodes[value.items[i]];
                    reach(value.items[i + 1],
                          key.kind == Kind::Str ? key.text : std::to_string(key.integer));
                }
            } else if (value.kind == Kind::Object || value.kind == Kind::Tuple ||
                       value.kind == Kind::List) {
                // An object's state and a container's elements: no name of their own.
                for (std::size_t child : value.items)
                    reach(child, {});
            } else if (value.kind == Kind::Tensor) {
                m_scan.tensors[value.index].name = pathOf(node, visits);
            }
        }
    }

    template <typename Visits>
    static std::string pathOf(std::size_t node, const Visits& visits)
    {
        std::vector<const std::string*> labels;
        for (int depth = 0; depth < kMaxNameDepth && visits[node].depth > 0; ++depth) {
            if (!visits[node].label.empty())
                labels.push_back(&visits[node].label);
            node = visits[node].parent;
        }
        std::string path;
        for (auto label = labels.rbegin(); label != labels.rend(); ++label)
            path += (path.empty() ? "" : ".") + **label;
        return path;
    }

    std::string_view m_bytes;
    std::size_t m_at = 0;
    std::size_t m_opcodeAt = 0;
    std::vector<Node> m_nodes;
    std::vector<std::size_t> m_stack;
    std::vector<std::size_t> m_marks;
    std::unordered_map<std::uint64_t, std::size_t> m_memo;
    PickleScan m_scan;
};

}  // namespace

PickleError::PickleError(std::size_t offset, const std::string& message)
    : std::runtime_error("byte " + std::to_string(offset) + ": " + message), m_offset(offset)
{
}

PickleScan scanPickle(std::string_view bytes)
{
    return Scanner(bytes).run();
}

std::int64_t storageElementBytes(std::string_view type)
{
    static constexpr std::array<std::pair<std::string_view, std::int64_t>, 12> kTypes = {{
        {"FloatStorage", 4},
        {"DoubleStorage", 8},
        {"HalfStorage", 2},
        {"BFloat16Storage", 2},
        {"LongStorage", 8},
        {"IntStorage", 4},
        {"ShortStorage", 2},
        {"CharStorage", 1},
        {"ByteStorage", 1},
        {"BoolStorage", 1},
        {"ComplexFloatStorage", 8},
        {"ComplexDoubleStorage", 16},
    }};
    for (const auto& [name, bytes] : kTypes) {
        if (name == type)
            return bytes;
    }
    return 0;
}

}  // namespace es
