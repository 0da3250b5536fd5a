import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { TeamPatterns, type AccountScoped, type Team, type TeamMember } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { AgentView } from '../agents/agent.responses';
import { CreateTeamDto, UpdateTeamDto, UserIdsDto } from './team.dto';
import { TeamView } from './team.responses';

@ApiTags('teams')
@Controller('api/v1/accounts/:account_id/teams')
export class TeamsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: [TeamView] })
  list(@Scope() scope: AccountScoped): Promise<Team[]> {
    return this.rpc.send(TeamPatterns.list, scope);
  }

  @Get(':id')
  @ApiOkResponse({ type: TeamView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<Team> {
    return this.rpc.send(TeamPatterns.show, { ...scope, id });
  }

  @Post()
  @AdminOnly()
  @ApiCreatedResponse({ type: TeamView })
  create(@Scope() scope: AccountScoped, @Body() body: CreateTeamDto): Promise<Team> {
    return this.rpc.send(TeamPatterns.create, { ...scope, data: body });
  }

  @Patch(':id')
  @AdminOnly()
  @ApiOkResponse({ type: TeamView })
  update(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number, @Body() body: UpdateTeamDto): Promise<Team> {
    return this.rpc.send(TeamPatterns.update, { ...scope, id, data: body });
  }

  @Put(':id')
  @AdminOnly()
  @ApiOkResponse({ type: TeamView })
  replace(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number, @Body() body: UpdateTeamDto): Promise<Team> {
    return this.update(scope, id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(TeamPatterns.delete, { ...scope, id });
  }

  @Get(':id/team_members')
  @ApiOkResponse({ type: [AgentView] })
  members(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<TeamMember[]> {
    return this.rpc.send(TeamPatterns.listMembers, { ...scope, id });
  }

  /** Adds the agents; answers the resulting member list. */
  @Post(':id/team_members')
  @AdminOnly()
  @HttpCode(200)
  @ApiOkResponse({ type: [AgentView] })
  addMembers(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UserIdsDto,
  ): Promise<TeamMember[]> {
    return this.rpc.send(TeamPatterns.addMembers, { ...scope, id, user_ids: body.user_ids });
  }

  /** Replaces the members with `user_ids`; answers the resulting member list. */
  @Patch(':id/team_members')
  @AdminOnly()
  @ApiOkResponse({ type: [AgentView] })
  setMembers(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UserIdsDto,
  ): Promise<TeamMember[]> {
    return this.rpc.send(TeamPatterns.setMembers, { ...scope, id, user_ids: body.user_ids });
  }

  /** Removes the agents; answers the resulting member list. */
  @Delete(':id/team_members')
  @AdminOnly()
  @ApiOkResponse({ type: [AgentView] })
  removeMembers(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UserIdsDto,
  ): Promise<TeamMember[]> {
    return this.rpc.send(TeamPatterns.removeMembers, { ...scope, id, user_ids: body.user_ids });
  }
}
