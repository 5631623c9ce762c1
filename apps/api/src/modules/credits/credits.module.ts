import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { CreditReservationsTask } from './credit-reservations.task';
import { CreditsController } from './credits.controller';
import { CreditsRepository } from './credits.repository';
import { CreditsService } from './credits.service';

/** AI credits: the ledger (credit_ledger, credit_reservations); the cached balance is the users module's, moved through UsersService. */
@Module({
  imports: [UsersModule],
  controllers: [CreditsController],
  providers: [CreditsService, CreditsRepository, CreditReservationsTask],
  exports: [CreditsService],
})
export class CreditsModule {}
