/** A console resource: an entity declaration and the screens that show it. */
import type { ComponentType } from 'react';
import type { EntityDecl } from '../../common/entities';

export interface ConsoleResource {
  entity: EntityDecl;
  list: ComponentType;
  /** The add screen at `/<name>/create`, where the resource has one. */
  create?: ComponentType;
  /** The edit screen at `/<name>/:id`. */
  edit?: ComponentType;
  /** The read-only screen at `/<name>/:id/show`. */
  show?: ComponentType;
}
