import { IsBoolean, IsIn, IsOptional, IsString, ValidateNested, validateSync } from 'class-validator';
import { Type, plainToInstance } from 'class-transformer';
import { describeValidationErrors } from './validation.pipe';

class Channel {
  @IsIn(['api', 'email'])
  type: string;
}

class Body {
  @IsString()
  title: string;

  @IsOptional()
  @IsBoolean()
  show_on_sidebar?: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => Channel)
  channel?: Channel;
}

function problems(input: object): string[] {
  return describeValidationErrors(validateSync(plainToInstance(Body, input)));
}

describe('describeValidationErrors', () => {
  it('names the field and the problem', () => {
    expect(problems({ title: 3 })).toEqual(['title: must be a string']);
  });

  it('lists several fields', () => {
    expect(problems({ show_on_sidebar: 'yes' })).toEqual([
      'title: must be a string',
      'show_on_sidebar: must be a boolean value',
    ]);
  });

  it('gives nested fields their path', () => {
    expect(problems({ title: 'x', channel: { type: 'fax' } })).toEqual([
      'channel.type: must be one of the following values: api, email',
    ]);
  });

  it('says nothing about a valid body', () => {
    expect(problems({ title: 'x', show_on_sidebar: true })).toEqual([]);
  });
});
