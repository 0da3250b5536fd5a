import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Every error answer of the API, as HttpErrorFilter writes it. */
export class ErrorView {
  @ApiProperty({ example: 'name: must be a string' }) error: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['email'],
    description: 'The fields at fault, when a refused rule concerns fields (mostly with 422)',
  })
  attributes?: string[];
}
