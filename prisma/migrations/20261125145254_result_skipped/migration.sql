-- AlterEnum
ALTER TYPE "ResultStatus" ADD VALUE 'skipped';
