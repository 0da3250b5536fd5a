import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomAttributesHandlers } from './custom-attributes.handlers';
import { CustomAttributesLoader } from './custom-attributes.loader';
import { CustomAttributesService } from './custom-attributes.service';
import { CustomAttributeDefinitionEntity } from './persistence/custom-attribute-definition.orm-entity';

@Module({
  imports: [TypeOrmModule.forFeature([CustomAttributeDefinitionEntity])],
  controllers: [CustomAttributesHandlers],
  providers: [CustomAttributesService, CustomAttributesLoader],
  exports: [CustomAttributesLoader],
})
export class CustomAttributesModule {}
