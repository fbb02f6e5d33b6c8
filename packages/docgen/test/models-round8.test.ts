import { describe, expect, it } from 'vitest';
import { dataModels } from '../src/facts/models.ts';
import type { SourceFile } from '../src/facts/imports.ts';

/**
 * GORM shapes found on the eighth round's held-out gotify/server (docs/metrics/arch-api-facts.md, "Eighth
 * round"): a has-many written as a slice in the parent (`Applications []Application`) with the key in the child
 * (`UserID uint`), and a struct held only by a field the ORM ignores (`gorm:"-"`), which is no model.
 */
const src = (rel: string, text: string): SourceFile => ({ rel, language: 'Go', text });

describe('data models, eighth round', () => {
  it('GORM has-many: the child holding the key refers to the parent; a gorm:"-" field holds no model', () => {
    const entities = dataModels([
      src(
        'model/user.go',
        'package model\n\ntype User struct {\n\tID uint `gorm:"primaryKey;autoIncrement"`\n\tName string\n\tApplications []Application\n}\n',
      ),
      src(
        'model/application.go',
        'package model\n\ntype Application struct {\n\tID uint `gorm:"primaryKey;autoIncrement"`\n\tUserID uint `gorm:"index"`\n\tMessages []MessageExternal `gorm:"-" json:"-"`\n}\n',
      ),
      src('model/message.go', 'package model\n\ntype MessageExternal struct {\n\tID uint\n\tApplicationID uint\n\tMessage string\n}\n'),
    ]);
    expect(entities.map((e) => `${e.name} → ${e.relations.map((r) => `${r.field}:${r.to}`).join(', ')}`).sort()).toEqual([
      'Application → UserID:User',
      'User → ',
    ]);
  });
});
