import { Injectable } from '@nestjs/common';
import { type KanbanFilterQuery, type KanbanItemPage, type KanbanSearchQuery } from '@parley/contracts';
import { cardConditions, prefixQuery } from '../cards/card-conditions.rules';
import { CardsLoader } from '../cards/cards.loader';
import { cardsWithNotesMatching } from '../notes/notes.loader';

/** Finding cards: full-text search (cards and their notes) and the filter by fields. Every filter given is applied. */
@Injectable()
export class CardSearchQuery {
  constructor(private readonly cards: CardsLoader) {}

  /** Full-text over title, description and the card's notes (indexed tsvectors), each word as a prefix. */
  search(accountId: number, query: KanbanSearchQuery): Promise<KanbanItemPage> {
    const text = prefixQuery(query.query ?? '');
    const conditions = cardConditions(accountId)
      .addIf(query.funnel_id, 'c.funnel_id = $?')
      .addIf(query.agent_id, 'c.assigned_agents @> ARRAY[$?]::int[]')
      // Notes are searched with their card: the matching notes' cards are looked up once (one read of the notes
      // table beside the cards), so both arms use an index (a BitmapOr of the GIN and the primary key).
      .add(
        text === null
          ? 'false AND $?::text IS NULL'
          : `(c.search @@ to_tsquery('simple', $?) OR c.id = ANY(ARRAY(${cardsWithNotesMatching('$1', '$?')})))`,
        text,
      );
    return this.cards.page(conditions, query.page);
  }

  filter(accountId: number, query: KanbanFilterQuery): Promise<KanbanItemPage> {
    const conditions = cardConditions(accountId)
      .addIf(query.funnel_id, 'c.funnel_id = $?')
      .addIf(query.priorities?.length ? query.priorities : undefined, 'c.priority = ANY($?)')
      .addIf(query.value_min, 'c.value >= $?')
      .addIf(query.value_max, 'c.value <= $?')
      .addIf(query.agent_id, 'c.assigned_agents @> ARRAY[$?]::int[]')
      .addIf(query.from, 'c.created_at >= $?::timestamptz')
      .addIf(query.to, 'c.created_at <= $?::timestamptz');
    return this.cards.page(conditions, query.page);
  }
}
