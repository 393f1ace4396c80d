"""A stand-in for torch, numpy, einops, triton and Transformer Engine, enough for Megatron-LM's start-up code to import and run.

Megatron's parse_args, validate_args, TransformerConfig and initialize_model_parallel need torch only
to import, to compare dtypes, to ask the CUDA version and to create process groups.  Nothing here
computes: every unknown attribute is a _Stub that can be called, subclassed, decorated with, compared.
torch.distributed reports the fake world from WORLD_SIZE and RANK; new_group records the ranks it got.
"""

import importlib.abc
import importlib.machinery
import os
import sys
import types

# Transformer Engine too: a real launch runs with it (NGC's containers), and Megatron's checks ask its version.
STUBBED = ("torch", "numpy", "einops", "triton", "transformer_engine")
TE_VERSION = os.environ.get("STUB_TE_VERSION", "2.8.0")
TORCH_VERSION = os.environ.get("STUB_TORCH_VERSION", "2.8.0")


class _StubMeta(type):
    def __getattr__(cls, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return _Stub(name)


class _Stub(metaclass=_StubMeta):
    """Anything: callable, subclassable, a decorator, a context manager."""

    def __init__(self, *args, **kwargs):
        self._name = args[0] if args and isinstance(args[0], str) else "stub"

    def __call__(self, *args, **kwargs):
        # Used as a bare decorator (@torch.jit.script): give the function back.
        if len(args) == 1 and not kwargs and callable(args[0]) and not isinstance(args[0], _Stub):
            return args[0]
        return _Stub(self._name)

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        value = _Stub(name)  # kept, so torch.nn.functional.silu is one object, as Megatron compares
        object.__setattr__(self, name, value)
        return value

    def __mro_entries__(self, bases):
        return (_Base,)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False

    def __iter__(self):
        return iter(())

    def __bool__(self):
        return False

    def __int__(self):
        return 0

    def __index__(self):
        return 0

    def __float__(self):
        return 0.0

    def __len__(self):
        return 0

    def __getitem__(self, k):
        return _Stub("item")

    def __or__(self, other):
        return self

    __ror__ = __or__

    def __repr__(self):
        return "<stub %s>" % self._name

    def __hash__(self):
        return id(self)

    def __eq__(self, other):
        return self is other


class _Base:
    """What a class derived from a stub (torch.nn.Module, torch.autograd.Function) derives from.

    A plain class, so that it mixes with ABCs and Protocols without a metaclass conflict."""

    def __init__(self, *args, **kwargs):
        pass

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        value = _Stub(name)  # kept, so torch.nn.functional.silu is one object, as Megatron compares
        object.__setattr__(self, name, value)
        return value


    @classmethod
    def apply(cls, *args, **kwargs):  # torch.autograd.Function.apply, used at import time
        return _Stub("apply")


class _DType:
    def __init__(self, name, size):
        self.name, self.itemsize = name, size
        self.is_floating_point = name.startswith(("float", "bfloat"))

    def __repr__(self):
        return "torch." + self.name


_DTYPES = {
    "float32": 4, "float": 4, "float16": 2, "half": 2, "bfloat16": 2, "float64": 8, "double": 8,
    "int8": 1, "uint8": 1, "int16": 2, "int32": 4, "int": 4, "int64": 8, "long": 8, "bool": 1,
    "float8_e4m3fn": 1, "float8_e5m2": 1,
}


class _Group:
    """A process group made by the fake torch.distributed.new_group."""

    def __init__(self, ranks):
        self.ranks = list(ranks) if ranks is not None else None


class _Distributed(types.ModuleType):
    created_groups = []

    def is_available(self):
        return True

    def is_initialized(self):
        return True

    def get_world_size(self, group=None):
        if isinstance(group, _Group) and group.ranks is not None:
            return len(group.ranks)
        return int(os.environ.get("WORLD_SIZE", "1"))

    def get_rank(self, group=None):
        rank = int(os.environ.get("RANK", "0"))
        if isinstance(group, _Group) and group.ranks is not None:
            return group.ranks.index(rank) if rank in group.ranks else -1
        return rank

    def new_group(self, ranks=None, *args, **kwargs):
        group = _Group(ranks)
        _Distributed.created_groups.append(group)
        return group

    def new_subgroups_by_enumeration(self, ranks_per_subgroup_list, *args, **kwargs):
        groups = [self.new_group(r) for r in ranks_per_subgroup_list]
        rank = self.get_rank()
        mine = next((g for g in groups if rank in g.ranks), None)
        return mine, groups

    def get_process_group_ranks(self, group):
        return list(group.ranks) if isinstance(group, _Group) and group.ranks is not None else []

    def barrier(self, *a, **k):
        return None

    def get_backend(self, *a, **k):
        return "nccl"

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        value = _Stub(name)  # kept, so torch.nn.functional.silu is one object, as Megatron compares
        object.__setattr__(self, name, value)
        return value


class _StubModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        value = _Stub(name)  # kept, so torch.nn.functional.silu is one object, as Megatron compares
        object.__setattr__(self, name, value)
        return value


def _make_module(fullname):
    if fullname == "torch.distributed":
        mod = _Distributed(fullname)
    else:
        mod = _StubModule(fullname)
    mod.__path__ = []  # every stub is a package, so any submodule imports
    mod.__file__ = "<torch stub>"
    if fullname == "torch":
        mod.__version__ = TORCH_VERSION
        mod.version = types.SimpleNamespace(cuda="12.8", hip=None, __version__=TORCH_VERSION, git_version="stub")
        for name, size in _DTYPES.items():
            setattr(mod, name, _DType(name, size))
        mod.dtype = _DType
        mod.Tensor = type("Tensor", (_Stub,), {})
        mod.Size = tuple
    if fullname == "torch.cuda":
        mod.is_available = lambda: True
        mod.device_count = lambda: int(os.environ.get("LOCAL_WORLD_SIZE", "8"))
        mod.current_device = lambda: 0
        # The GPU's compute capability, read when asked (a draft's env may set it): 9.0 Hopper, 10.0 Blackwell.
        mod.get_device_capability = lambda *a: tuple(
            int(x) for x in os.environ.get("STUB_CUDA_CAPABILITY", "9.0").split("."))
        mod.get_device_properties = lambda *a: types.SimpleNamespace(
            major=mod.get_device_capability()[0], minor=mod.get_device_capability()[1],
            total_memory=80 * 2**30, name="stub")
    if fullname == "torch.utils.cpp_extension":
        def load_inline(*args, **kwargs):
            raise RuntimeError("the torch stub compiles nothing")
        mod.load_inline = mod.load = load_inline
    if fullname == "numpy":
        mod.__version__ = "1.26.4"
    if fullname == "triton":
        mod.__version__ = "3.4.0"
    if fullname == "transformer_engine":
        mod.__version__ = TE_VERSION
    if fullname == "einops":
        mod.__version__ = "0.8.1"
    return mod


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in STUBBED:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        return _make_module(spec.name)

    def exec_module(self, module):
        parent, _, child = module.__name__.rpartition(".")
        if parent and parent in sys.modules:
            setattr(sys.modules[parent], child, module)


def install():
    sys.meta_path.insert(0, _Finder())
    # Megatron 0.20 imports typing.override (Python 3.12); Debian 12 has 3.11.
    import typing
    if not hasattr(typing, "override"):
        typing.override = lambda f: f
