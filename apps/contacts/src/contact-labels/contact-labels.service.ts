import { Injectable } from '@nestjs/common';
import { ContactErrors, ContactEvents } from '@parley/contracts';
import { checkLabelSet } from '@parley/domain-rules';
import { DomainError, Outbox } from '@parley/service-kit';
import { ContactChangesWriter } from '../contacts/contact-changes.writer';
import { toContactSnapshot } from '../contacts/contact-snapshot.mapper';
import { ContactsLoader } from '../contacts/contacts.loader';

/** A contact's labels: read and replaced as a set. */
@Injectable()
export class ContactLabelsService {
  constructor(
    private readonly loader: ContactsLoader,
    private readonly changes: ContactChangesWriter,
    private readonly outbox: Outbox,
  ) {}

  async labels(accountId: number, id: number): Promise<string[]> {
    return (await this.loader.find(accountId, id)).labels;
  }

  async setLabels(accountId: number, id: number, labels: string[]): Promise<string[]> {
    const checked = checkLabelSet(labels);
    if ('problem' in checked) throw new DomainError(ContactErrors.invalidLabels, checked.problem, ['labels']);
    const titles = checked.value;
    return this.outbox.transaction(async (tx, emit) => {
      const row = await this.loader.find(accountId, id, tx);
      if (row.labels.join(',') === titles.join(',')) return titles;
      const saved = await this.changes.write(tx, { ...row, labels: titles });
      await emit(ContactEvents.labelsChanged, accountId, { contact: toContactSnapshot(saved), labels: titles });
      return titles;
    });
  }
}
