import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { BoardSettingsLoader } from './board-settings.loader';

/** On every Kanban handler but the configuration's: the module switched off answers 403. */
@Injectable()
export class KanbanEnabledGuard implements CanActivate {
  constructor(private readonly settings: BoardSettingsLoader) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToRpc().getData<{ account_id?: number }>();
    if (typeof request?.account_id === 'number') await this.settings.assertEnabled(request.account_id);
    return true;
  }
}
