import type { Label } from '@parley/contracts';
import type { LabelRow } from './persistence/label.row';

export function toLabel(row: LabelRow): Label {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    color: row.color,
    show_on_sidebar: row.show_on_sidebar,
  };
}
