import { Module } from '@nestjs/common';
import { CustomAttributesHandlers } from './custom-attributes.handlers';
import { CustomAttributesLoader } from './custom-attributes.loader';
import { CustomAttributesService } from './custom-attributes.service';

@Module({
  controllers: [CustomAttributesHandlers],
  providers: [CustomAttributesService, CustomAttributesLoader],
  exports: [CustomAttributesLoader],
})
export class CustomAttributesModule {}
