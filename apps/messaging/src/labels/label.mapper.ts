import type { Label } from '@parley/contracts';
import type { LabelEntity } from './persistence/label.orm-entity';

export function toLabel(entity: LabelEntity): Label {
  return {
    id: entity.id,
    title: entity.title,
    description: entity.description,
    color: entity.color,
    show_on_sidebar: entity.showOnSidebar,
  };
}
