import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { LicenceExpiryTask } from './licence-expiry.task';
import { LicencesController } from './licences.controller';
import { LicencesRepository } from './licences.repository';
import { LicencesService } from './licences.service';

/** PRC licences (professional_licences); the badge summary on users is the users module's, written through UsersService. */
@Module({
  imports: [UsersModule],
  controllers: [LicencesController],
  providers: [LicencesService, LicencesRepository, LicenceExpiryTask],
  exports: [LicencesService],
})
export class LicencesModule {}
