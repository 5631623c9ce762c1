import { Module } from '@nestjs/common';
import { SavedItemsController } from './saved-items.controller';
import { SavedItemsRepository } from './saved-items.repository';
import { SavedItemsService } from './saved-items.service';

@Module({ controllers: [SavedItemsController], providers: [SavedItemsService, SavedItemsRepository], exports: [SavedItemsService] })
export class SavedModule {}
