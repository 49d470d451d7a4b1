import type { ComponentType } from 'react';
import type { ResourceDeclaration } from './declaration';
import { ResourceCreate, ResourceEdit } from './ResourceForm';
import { ResourceList } from './ResourceList';
import { ResourceShow } from './ResourceShow';

export interface ResourceScreens {
  List: ComponentType;
  Create: ComponentType;
  Edit: ComponentType;
  Show: ComponentType;
}

/** A resource's four screens, made from its declaration. */
export const screensOf = (declaration: ResourceDeclaration): ResourceScreens => ({
  List: () => <ResourceList declaration={declaration} />,
  Create: () => <ResourceCreate declaration={declaration} />,
  Edit: () => <ResourceEdit declaration={declaration} />,
  Show: () => <ResourceShow declaration={declaration} />,
});
