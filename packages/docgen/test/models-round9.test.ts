import { describe, expect, it } from 'vitest';
import { dataModels } from '../src/facts/models.ts';
import type { SourceFile } from '../src/facts/imports.ts';

/**
 * GORM shapes found on the ninth round's go-admin (docs/metrics/arch-api-facts.md, "Ninth round"): a struct
 * whose only tags tell GORM to ignore every field (`gorm:"-"`, a DTO or a JSON-only part) is no model, and a
 * struct declared in a Go test file is no table of the application.
 */
const src = (rel: string, text: string): SourceFile => ({ rel, language: 'Go', text });

describe('data models, ninth round', () => {
  it('a struct of gorm:"-" fields only, and a test file\'s struct, are no models', () => {
    const entities = dataModels([
      src(
        'models/sys_tables.go',
        [
          'package models',
          '',
          'import "gorm.io/gorm"',
          '',
          'type SysTables struct {',
          '\tTableId int `gorm:"primaryKey;autoIncrement"`',
          '\tTableName string `gorm:"size:255"`',
          '\tParams Params `gorm:"-" json:"params"`',
          '}',
          '',
          'type Params struct {',
          '\tTreeCode string `gorm:"-" json:"treeCode"`',
          '\tTreeName string `gorm:"-" json:"treeName"`',
          '}',
          '',
          'type MenuLabel struct {',
          '\tId int `json:"id,omitempty" gorm:"-"`',
          '\tChildren []MenuLabel `json:"children,omitempty" gorm:"-"`',
          '}',
          '',
          'func (e *SysTables) Count(db *gorm.DB) {}',
        ].join('\n'),
      ),
      src(
        'migration/version/soft_delete_test.go',
        'package version\n\nimport "gorm.io/gorm"\n\ntype oldUser struct {\n\tID uint `gorm:"primaryKey"`\n\tName string\n}\n\nvar _ gorm.DB\n',
      ),
    ]);
    expect(entities.map((e) => `${e.name} → ${e.relations.map((r) => `${r.field}:${r.to}`).join(', ')}`).sort()).toEqual(['SysTables → ']);
  });
});
