import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { factsOf, readCheckout } from '../src/facts/index.ts';
import { runtimeFlows } from '../src/pages/arch.ts';

/**
 * The runtime page's request flows follow the calls a handler makes (facts/calls.ts), not the
 * modules its file imports: small applications in test/fixtures/calls, one per shape — NestJS
 * constructor injection down to the one implementation of a repository interface, a Flask
 * blueprint calling a service module and an imported function, Gin calling functions of its own
 * package in other files, Spring field injection with a getter left out. Each line is
 * `route | caller file:line function → callee file call()`, indented by depth.
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures/calls');

async function flows(name: string): Promise<string[]> {
  const { sources, goMod } = await readCheckout(path.join(FIXTURES, name));
  const facts = factsOf(sources, goMod);
  return runtimeFlows(facts, new Map(sources.map((s) => [s.rel, s.text]))).flatMap((f) => [
    `${f.route.method} ${f.route.path} | ${f.route.handler} in ${f.handlerFile}`,
    ...f.steps.map((s) => `${'  '.repeat(s.depth)}${s.from}:${s.line} ${s.fromFunction} → ${s.to} ${s.call}()`),
  ]);
}

describe('runtime flows from calls', () => {
  it('NestJS: controller → service (typed constructor field) → the one implementation of a repository interface', async () => {
    expect(await flows('nest')).toEqual([
      'POST /users | create in src/users/users.controller.ts',
      '  src/users/users.controller.ts:11 create → src/users/users.service.ts create()',
      '    src/users/users.service.ts:10 create → src/users/password.ts hashPassword()',
      '    src/users/users.service.ts:11 create → src/users/persistence/sql-user.repository.ts insert()',
      '      src/users/persistence/sql-user.repository.ts:5 insert → src/users/persistence/sql-user.repository.ts query()',
      'GET /users/:id | findOne in src/users/users.controller.ts',
      '  src/users/users.controller.ts:16 findOne → src/users/users.service.ts findOne()',
      '    src/users/users.service.ts:15 findOne → src/users/persistence/sql-user.repository.ts findById()',
      '      src/users/persistence/sql-user.repository.ts:8 findById → src/users/persistence/sql-user.repository.ts query()',
    ]);
  });

  it('Flask: a view calling a module it imports (`services.place`), an imported function, a model class', async () => {
    expect(await flows('flask')).toEqual([
      'POST /shop/orders | place_order in app/main/views.py',
      '  app/main/views.py:10 place_order → app/services.py place()',
      '    app/services.py:5 place → app/models.py Order()',
      '    app/services.py:6 place → app/services.py _check()',
      // `db` is the models module's: `session.add` is SQLAlchemy's, named with its receiver
      '    app/services.py:7 place → app/models.py db.session.add()',
      '  app/main/views.py:11 place_order → app/mail.py send_receipt()',
      'GET /shop/orders/<int:id> | show_order in app/main/views.py',
      '  app/main/views.py:17 show_order → app/models.py Order.query.get_or_404()',
    ]);
  });

  it('Gin: functions of the same package in other files and of an imported package; an untyped receiver is left out', async () => {
    expect(await flows('gin')).toEqual([
      'POST /users/login | Login in users/routers.go',
      '  users/routers.go:14 Login → users/validators.go NewLoginValidator()',
      '  users/routers.go:16 Login → common/utils.go NewError()',
      '  users/routers.go:19 Login → users/models.go FindOneUser()',
    ]);
  });

  it('Spring: a field of a declared type, down to a repository interface; a getter is no step', async () => {
    expect(await flows('spring')).toEqual([
      'GET /owners/{id} | show in src/main/java/com/acme/web/OwnerController.java',
      '  src/main/java/com/acme/web/OwnerController.java:17 show → src/main/java/com/acme/service/OwnerService.java describe()',
      // an interface method without a body: named with its type
      '    src/main/java/com/acme/service/OwnerService.java:18 describe → src/main/java/com/acme/repo/OwnerRepository.java OwnerRepository.findById()',
    ]);
  });

  it("Express: a middleware called by its import's name, not by a word of another module's path (`auth` ≠ `./auth.validation`)", async () => {
    expect(await flows('express')).toEqual([
      'POST /verify | undefined in src/routes/auth.route.js',
      '  src/routes/auth.route.js:8 handler → src/middlewares/auth.js auth()',
      '  src/routes/auth.route.js:8 handler → src/middlewares/validate.js validate()',
    ]);
  });

  it('ASP.NET minimal API: an inline handler calling a typed client whose methods return `Task<string?>`', async () => {
    expect(await flows('minimal')).toEqual([
      'POST /register | undefined in Program.cs',
      '  Program.cs:7 handler → AuthClient.cs CreateUserAsync()',
      '    AuthClient.cs:5 CreateUserAsync → AuthClient.cs Send()',
    ]);
  });
});

describe('runtime flows: a method of the class the caller declares (docs/metrics/arch-api-facts.md, fifth round)', () => {
  it("FastAPI: `use_case: ListTodos = Depends(ListTodos)` then `use_case.execute()` goes to ListTodos's execute, not the file's first", async () => {
    expect(await flows('fastapi-use-cases')).toEqual([
      'GET /todos | list_all in app/main.py',
      '  app/main.py:15 list_all → app/use_cases.py execute()',
      '    app/use_cases.py:11 execute → app/store.py select_all()',
      'POST /todos | add in app/main.py',
      '  app/main.py:10 add → app/use_cases.py execute()',
      '    app/use_cases.py:6 execute → app/store.py save()',
    ]);
  });
});
