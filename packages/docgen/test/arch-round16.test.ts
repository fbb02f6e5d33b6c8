import { describe, expect, it } from 'vitest';
import { repositoryFacts } from '../src/facts/index.ts';
import { fixtureRepos, routeList } from './support/fixture-repo.ts';

/**
 * Causes of the sixteenth round's misses (docs/metrics/arch-api-facts.md, "Sixteenth round: figures"), each at
 * its general shape: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r16');
const list = routeList;

describe('FastAPI: a prefix built from module constants that are f-strings themselves', () => {
  it('`prefix=f"{baseURL}/books"` with `baseURL=f"/api/{version}"`, `version="v1"` is `/api/v1/books`', async () => {
    const root = repo({
      'pyproject.toml': '[project]\nname = "bookly"\ndependencies = ["fastapi"]\n',
      'src/books/__init__.py': 'from .routes import router as books_router\n\n__all__ = ["books_router"]\n',
      'src/books/routes.py':
        'from fastapi import APIRouter\n\nrouter = APIRouter()\n\n\n@router.get("/")\nasync def all_books():\n    return []\n\n\n@router.get("/{uid}")\nasync def one_book(uid: str):\n    return uid\n',
      'src/__init__.py':
        'from fastapi import FastAPI\nfrom .books import books_router\n\nversion="v1"\napp = FastAPI(version=version)\nbaseURL=f"/api/{version}"\nunknown = f"/x/{elsewhere}"\n\napp.include_router(books_router, prefix=f"{baseURL}/books", tags=["Books"])\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /api/v1/books/', 'GET /api/v1/books/{uid}']);
    expect(routes.every((r) => r.resolved)).toBe(true);
  });
});
