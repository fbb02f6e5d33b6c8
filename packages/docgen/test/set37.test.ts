import { describe, expect, it } from 'vitest';
import { fixtureRepos, writeRun, read } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set 37" (held out) and "Set 37 causes fixed (tuning)". */

const repo = fixtureRepos('s37');

describe('set 37 cause 1: a raise a repository decorator catches is none', () => {
  it('Python: `@validator` whose wrapper catches ValueError — the decorated function lists no ValueError', async () => {
    const root = repo({
      'src/pkg/utils.py':
        'import functools\n\n\ndef validator(func):\n    """Wrap a validator so that bad input gives a ValidationError."""\n\n    @functools.wraps(func)\n    def wrapper(*args, **kwargs):\n        try:\n            return True if func(*args, **kwargs) else ValidationError(func)\n        except (ValueError, TypeError, UnicodeError) as exp:\n            return ValidationError(func, str(exp))\n\n    return wrapper\n',
      'src/pkg/cron.py':
        'from .utils import validator\n\n\n@validator\ndef cron(value: str, /):\n    """Return whether or not given value is a valid cron string.\n\n    Args:\n        value: Cron string to validate.\n    """\n    if not value:\n        return False\n    if value.count(" ") != 4:\n        raise ValueError("Badly formatted cron string")\n    return True\n\n\ndef plain(value: str, /):\n    """Return whether the value is a plain cron string.\n\n    Args:\n        value: Cron string to validate.\n    """\n    if value.count(" ") != 4:\n        raise ValueError("Badly formatted cron string")\n    return True\n',
    });
    await writeRun(root);
    const out = read(root, 'src/pkg/cron.py');
    // the undecorated function still lists its raise
    expect(out).toContain(
      'def plain(value: str, /):\n    """Return whether the value is a plain cron string.\n\n    Args:\n        value: Cron string to validate.\n\n    Raises:\n',
    );
    expect(out).toContain(
      'def cron(value: str, /):\n    """Return whether or not given value is a valid cron string.\n\n    Args:\n        value: Cron string to validate.\n    """\n',
    );
  });
});

describe('set 37 cause 2: a guard on the object’s state after a call of one of its methods is none', () => {
  it('Python: `self.help` tested after `self.arg_opts(…)` (which pops from it) gives no guard', async () => {
    const root = repo({
      'pkg/tasks.py':
        'class Task:\n    """A task."""\n\n    def arg_opts(self, name):\n        """Return the options of an argument.\n\n        :param name: The argument name.\n        """\n        return {"help": self.help.pop(name, None)}\n\n    def get_arguments(self, names, ignore_unknown_help=None):\n        """Return a list of Argument objects.\n\n        :param names: The argument names.\n        :param ignore_unknown_help: Whether unknown help entries are ignored.\n        """\n        args = [self.arg_opts(n) for n in names]\n        if self.help and not ignore_unknown_help:\n            raise ValueError("Help for params that do not exist: {}".format(list(self.help)))\n        return args\n\n    def check(self, names):\n        """Check the names.\n\n        :param names: The argument names.\n        """\n        if self.help and not names:\n            raise ValueError("Help for params that do not exist: {}".format(list(self.help)))\n        return names\n',
    });
    await writeRun(root);
    const out = read(root, 'pkg/tasks.py');
    expect(out).not.toContain(':raises ValueError: If self.help and not ignore_unknown_help.');
    // without a call on the object before it, the guard is written
    expect(out).toContain(':raises ValueError: If self.help and not names.');
  });
});

describe('set 37 cause 3: a reST field after an explicit markup block gets a blank line first', () => {
  it('Python: `:raises …:` after `.. versionadded:: 1.0` and after a `.. versionchanged::` block', async () => {
    const root = repo({
      'pkg/collection.py':
        'class Collection:\n    """A collection."""\n\n    def task_with_config(self, name):\n        """Return task named ``name`` plus its configuration dict.\n\n        :returns: Two-tuple of (`.Task`, `dict`).\n\n        .. versionadded:: 1.0\n        """\n        if not name:\n            raise ValueError("This collection has no default task.")\n        return name, {}\n\n    def get_arguments(self, ignore):\n        """Return a list of Argument objects.\n\n        :param bool ignore: Whether to ignore.\n\n        .. versionchanged:: 1.7\n            Added the ``ignore`` kwarg.\n        """\n        if not ignore:\n            raise KeyError("Nothing to ignore.")\n        return []\n',
    });
    await writeRun(root);
    const out = read(root, 'pkg/collection.py');
    expect(out).toContain('        .. versionadded:: 1.0\n\n        :raises ValueError: If not name.\n');
    expect(out).toContain('            Added the ``ignore`` kwarg.\n\n        :raises KeyError: If not ignore.\n');
  });
});

describe('set 37 cause 4: a message with a reST inline-markup start-string is not written as text', () => {
  it('Python: "May not give *args and \'pre\' kwarg simultaneously!" is not copied into a reST field', async () => {
    const root = repo({
      'pkg/deco.py':
        'def task(*args, **kwargs):\n    """Mark a callable as a task.\n\n    :param args: The callable.\n    :param kwargs: Options.\n    """\n    if len(args) > 1 and kwargs.get("pre"):\n        raise TypeError("May not give *args and \'pre\' kwarg simultaneously!")\n    if len(args) > 2:\n        raise ValueError("Too many positional arguments.")\n    if not args:\n        raise KeyError("Functions from the __main__ module cannot be processed.")\n    return args\n',
    });
    await writeRun(root);
    const out = read(root, 'pkg/deco.py');
    expect(out).not.toContain(':raises TypeError: May not give');
    expect(out).toContain(':raises ValueError: Too many positional arguments.');
    // a dunder name opens no markup: the message is kept
    expect(out).toContain(':raises KeyError: Functions from the __main__ module cannot be processed.');
  });
});

describe('set 37 cause 5: a borrowed parameter text naming another parameter of the callee is not borrowed', () => {
  it('Python: "If None, uses cron_scheduler.connection" stays with `unregister`', async () => {
    const root = repo({
      'pkg/registry.py':
        'def unregister(cron_scheduler, pipeline=None):\n    """Unregister a scheduler.\n\n    Args:\n        cron_scheduler (CronScheduler): The scheduler to unregister.\n        pipeline (Pipeline): Redis pipeline to use. If None, uses cron_scheduler.connection\n    """\n    conn = pipeline if pipeline is not None else cron_scheduler.connection\n    conn.srem("schedulers", cron_scheduler.name)\n\n\ndef flush(pipeline=None):\n    """Flush the registry.\n\n    Args:\n        pipeline (Pipeline): Redis pipeline to use for the flush.\n    """\n    pipeline.delete("schedulers")\n',
      'pkg/scheduler.py':
        'from . import registry\n\n\nclass CronScheduler:\n    """A scheduler."""\n\n    def stop(self, force):\n        """Stop the scheduler.\n\n        Args:\n            force (bool): Whether to stop at once.\n        """\n\n    def pause(self, seconds):\n        """Pause the scheduler.\n\n        Args:\n            seconds (int): How long to pause.\n        """\n\n    def resume(self, now):\n        """Resume the scheduler.\n\n        Args:\n            now (bool): Whether to run at once.\n        """\n\n    def start(self, interval):\n        """Start the scheduler.\n\n        Args:\n            interval (int): Seconds between runs.\n        """\n\n    def unregister_self(self, pipeline=None):\n        """Remove this scheduler from the registry."""\n        self.log.info("unregistering")\n        registry.unregister(self, pipeline)\n\n    def flush_all(self, pipeline=None):\n        """Flush the registry."""\n        self.log.info("flushing")\n        registry.flush(pipeline)\n',
    });
    await writeRun(root);
    const out = read(root, 'pkg/scheduler.py');
    expect(out).not.toContain('cron_scheduler.connection');
    // a text naming no other parameter of its callee is still borrowed
    expect(out).toContain('            pipeline: Redis pipeline to use for the flush. Defaults to None.\n');
  });
});
