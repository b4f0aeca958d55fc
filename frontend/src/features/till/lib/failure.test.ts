import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { tillFailure } from './failure';

describe('a refused sale', () => {
  it('names the taken seat and what to do', () => {
    const error = new ApiError(409, 'seat_taken', 'Место уже занято', { seat: 'r3m5' });
    expect(tillFailure(error)).toEqual({
      fields: {},
      message: 'Место уже занято: Ряд 3, место 5. Выберите другие места',
    });
  });

  it('keeps the server’s words where they say it all', () => {
    const shift = new ApiError(
      409,
      'no_open_shift',
      'Откройте смену: без открытой смены касса не продаёт и не возвращает',
    );
    expect(tillFailure(shift).message).toBe('Откройте смену: без открытой смены касса не продаёт и не возвращает');
    expect(tillFailure(new ApiError(409, 'session_started', 'Сеанс уже начался')).message).toBe(
      'Сеанс уже начался. Выберите другой сеанс',
    );
  });

  it('puts field messages beside their fields, and the seats’ on top', () => {
    const given = new ApiError(400, 'invalid_input', 'Полученной суммы не хватает', {
      fields: { given: 'Получено меньше суммы заказа: 1050 ₽' },
    });
    expect(tillFailure(given)).toEqual({
      fields: { given: 'Получено меньше суммы заказа: 1050 ₽' },
      message: undefined,
    });
    const lines = new ApiError(400, 'invalid_input', 'Проверьте поля', {
      fields: { lines: 'Выберите хотя бы одно место' },
    });
    expect(tillFailure(lines).message).toBe('Выберите хотя бы одно место');
    expect(tillFailure(new Error('boom')).message).toBe('Что-то пошло не так. Попробуйте позже');
  });
});
