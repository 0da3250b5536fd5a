import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomAttributeDefinitionEntity } from './persistence/custom-attribute-definition.orm-entity';
import { CustomAttributesHandlers } from './custom-attributes.handlers';
import { CustomAttributesService } from './custom-attributes.service';

@Module({
  imports: [TypeOrmModule.forFeature([CustomAttributeDefinitionEntity])],
  controllers: [CustomAttributesHandlers],
  providers: [CustomAttributesService],
  exports: [CustomAttributesService],
})
export class CustomAttributesModule {}
